-- The notification inbox (lib/server/notifications): one row per item raised for a member, from
-- the change feed. Raising is idempotent: every process reads the feed and may try to raise the
-- same item, `insert … on conflict do nothing` on (recipient, change, kind) lands it once.
-- Items older than 90 days are deleted by the activity log's hourly retention.
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"entity_id" text,
	"subject_id" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"change_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	CONSTRAINT "notifications_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "staff_users"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_raised_once" ON "notifications" USING btree ("staff_id","change_id","kind");
--> statement-breakpoint
CREATE INDEX "notifications_inbox_idx" ON "notifications" USING btree ("staff_id","created_at");
--> statement-breakpoint
CREATE INDEX "notifications_created_at_idx" ON "notifications" USING btree ("created_at");
--> statement-breakpoint
-- Who booked or last changed a reservation in the console is read from the activity log by the reservation's id.
CREATE INDEX "audit_log_resource_idx" ON "audit_log" USING btree ("resource_id","at") WHERE "resource_id" IS NOT NULL;
