-- Notifications by e-mail (lib/server/notifications/mail-outbox.ts): how each item was delivered
-- when raised (`console`, `email` at once, `digest`), the mail that carried it, when a member's
-- daily digest goes out (HH:MM in their own time zone; null: 08:00), and one send record per
-- mail. The record's key is unique (`item:<notification id>` for one sent at once,
-- `digest:<staff id>:<local date>` for a day's digest): a mail is recorded once however many
-- processes try, and sent by whoever claims it (`for update skip locked`), once.
ALTER TABLE "staff_users" ADD COLUMN "digest_time" text;
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "channel" text DEFAULT 'console' NOT NULL;
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "mail_id" uuid;
--> statement-breakpoint
CREATE TABLE "notification_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_mails_key_unique" UNIQUE("key"),
	CONSTRAINT "notification_mails_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "staff_users"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX "notification_mails_due_idx" ON "notification_mails" USING btree ("state","next_attempt_at");
--> statement-breakpoint
CREATE INDEX "notifications_digest_idx" ON "notifications" USING btree ("staff_id","created_at") WHERE "channel" = 'digest' AND "mail_id" IS NULL;
