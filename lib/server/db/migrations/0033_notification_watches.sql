-- What each member watches (lib/server/notifications/watches.ts): a venue (a quarter hour of
-- today reaching the seats allocated there) or a reservation (changed or canceled by anyone but
-- them). One row per member and thing; the index finds a thing's watchers when a change is read.
CREATE TABLE "notification_watches" (
	"staff_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"subject_id" text NOT NULL,
	"entity_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_watches_pk" PRIMARY KEY("staff_id","subject","subject_id"),
	CONSTRAINT "notification_watches_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "staff_users"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX "notification_watches_subject_idx" ON "notification_watches" USING btree ("subject","subject_id");
