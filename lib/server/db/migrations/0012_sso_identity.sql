-- Company sign-in: members who sign in through the identity provider only (no usable password),
-- and the provider's issuer and subject each member is bound to from their first sign-in.
ALTER TABLE "staff_users" ADD COLUMN "sso_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "sso_issuer" text;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "sso_subject" text;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_users_sso_identity" ON "staff_users" USING btree ("sso_issuer","sso_subject");