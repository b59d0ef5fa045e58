-- A one-time password (an admin's new member or reset) is valid until this time, 72 hours after
-- it was issued; null for a password the member chose. The ones issued before this migration
-- get their 72 hours from now.
ALTER TABLE "staff_users" ADD COLUMN "one_time_password_expires_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "staff_users" SET "one_time_password_expires_at" = now() + interval '72 hours' WHERE "must_change_password";
