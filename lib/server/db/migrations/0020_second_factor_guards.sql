-- The second factor's guards: a replacement's pending secret is bound to the session that proved
-- the password and a current code, and when; device cookies issued before `devices_valid_from`
-- are no longer known (a replaced factor ends them).
ALTER TABLE "staff_users" ADD COLUMN "totp_pending_session" uuid;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "totp_pending_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "devices_valid_from" timestamp with time zone;
