CREATE TABLE "change_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"entity_id" text,
	"kind" text NOT NULL,
	"ids" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"staff_id" uuid,
	"staff_name" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "change_events_at_idx" ON "change_events" USING btree ("at");
--> statement-breakpoint
CREATE TABLE "presence" (
	"staff_id" uuid NOT NULL,
	"place" text NOT NULL,
	"staff_name" text NOT NULL,
	"editing" boolean DEFAULT false NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "presence_staff_id_place_pk" PRIMARY KEY("staff_id","place")
);
--> statement-breakpoint
CREATE INDEX "presence_place_idx" ON "presence" USING btree ("place","seen_at");
