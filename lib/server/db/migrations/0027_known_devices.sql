-- Known devices kept on the server (lib/server/auth/known-devices.ts): a device cookie names rows
-- here by a random token stored as its SHA-256, so that ending an account's devices deletes its
-- rows. They replace `staff_users.devices_valid_from` (migration 0020): the cookies signed before
-- name no row and count as unknown devices once.
CREATE TABLE "known_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL,
	CONSTRAINT "known_devices_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "known_devices" ADD CONSTRAINT "known_devices_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "known_devices_staff_idx" ON "known_devices" USING btree ("staff_id");--> statement-breakpoint
ALTER TABLE "staff_users" DROP COLUMN "devices_valid_from";
