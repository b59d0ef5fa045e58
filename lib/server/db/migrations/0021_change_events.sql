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
