-- Staff's own notes and tags on a guest, and tags on a reservation (lib/server/guests): kept in the
-- dashboard's database only, never sent to the API nor in a guest's e-mails. A guest is their
-- e-mail within the partner (the dashboard serves one partner), lower-cased and trimmed.
CREATE TABLE "guest_profiles" (
	"email" text PRIMARY KEY NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservation_tags" (
	"reservation_id" text NOT NULL,
	"tag" text NOT NULL,
	"added_by" text NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reservation_tags_pk" PRIMARY KEY("reservation_id","tag")
);
--> statement-breakpoint
-- A guest's history reads the copies by e-mail (every entity's book at once).
CREATE INDEX "reservations_copy_guest_email" ON "reservations_copy" USING btree ("guest_email_lower","context");
