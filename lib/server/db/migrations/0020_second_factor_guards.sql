-- The second factor's guards: a replacement's pending secret is bound to the session that proved
-- the password and a current code, and when; device cookies issued before `devices_valid_from`
-- are no longer known (a replaced factor ends them).
ALTER TABLE "staff_users" ADD COLUMN "totp_pending_session" uuid;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "totp_pending_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "devices_valid_from" timestamp with time zone;
--> statement-breakpoint
-- Wrong second-factor codes given with a right password: the run of them (counted before each
-- code is checked), until when the account's codes are held, the last one's time, and how many
-- the member is told of after their next sign-in.
ALTER TABLE "staff_users" ADD COLUMN "second_factor_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "second_factor_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "second_factor_last_failure_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "second_factor_notice" integer DEFAULT 0 NOT NULL;
