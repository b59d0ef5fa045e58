CREATE TABLE "staff_preferences" (
	"staff_id" uuid PRIMARY KEY NOT NULL,
	"page_size" integer DEFAULT 25 NOT NULL,
	"density" text DEFAULT 'comfortable' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_preferences" ADD CONSTRAINT "staff_preferences_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;