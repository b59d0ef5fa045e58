-- The activity log against flooding (lib/server/audit): times kept to the millisecond (what a
-- page's cursor carries), so a page is read in index order with no sort; an index for each way
-- the Activity page reads (newest first; one action; one member); and refused sign-ins from one
-- address folded into one row per account, reason and quarter of an hour (`fold_key`), counting
-- the attempts (`repeats`) and the last one's time (`last_at`).
ALTER TABLE "audit_log" ALTER COLUMN "at" TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "repeats" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "last_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "fold_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_fold_key" ON "audit_log" USING btree ("fold_key");--> statement-breakpoint
DROP INDEX "audit_log_at_idx";--> statement-breakpoint
CREATE INDEX "audit_log_page_idx" ON "audit_log" USING btree ("at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "audit_log_action_page_idx" ON "audit_log" USING btree ("action", "at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "audit_log_member_page_idx" ON "audit_log" USING btree ("staff_email", "at" DESC, "id" DESC);
