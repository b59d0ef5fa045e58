-- A reservation's change that waits out its undo window on the server before it is sent to the
-- API, so that a change taken back within the window never reaches the guest (lib/server/held-changes).
CREATE TABLE "held_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid NOT NULL,
	"entity_id" text,
	"reservation_id" text NOT NULL,
	"changes" jsonb NOT NULL,
	"expected" jsonb NOT NULL,
	"locale" text NOT NULL,
	"session_version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"refusal" text,
	"refused_at" timestamp with time zone,
	CONSTRAINT "held_changes_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "staff_users"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX "held_changes_due_idx" ON "held_changes" USING btree ("due_at");
--> statement-breakpoint
CREATE INDEX "held_changes_reservation_idx" ON "held_changes" USING btree ("reservation_id");
