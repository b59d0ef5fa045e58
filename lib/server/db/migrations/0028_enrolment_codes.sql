-- The one-time enrolment code an admin is shown when adding a member or resetting their two-step
-- sign-in (lib/server/auth/enrolment-code.ts): a member's first second factor is set up only with
-- it while their account carries one. Stored as an argon2id hash.
CREATE TABLE "staff_enrolment_codes" (
	"staff_id" uuid PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_enrolment_codes" ADD CONSTRAINT "staff_enrolment_codes_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A member who still holds a one-time password issued before codes existed, and has no second
-- factor, carries a code nobody has (an empty hash, expired): whoever signs in with that password
-- cannot enrol a factor of their own; an admin's reset of the password gives the member a code.
INSERT INTO "staff_enrolment_codes" ("staff_id", "code_hash", "expires_at")
SELECT "id", '', now() FROM "staff_users"
WHERE "must_change_password" AND "totp_secret" IS NULL AND NOT "sso_only";
