-- The console's writes of a reservation, noted before the API is called (a cancel, a change) or
-- as soon as it answered (a booking, whose id it gives): the reservations sync takes what it finds
-- of them for the member's own write, as it does a member's change event, also while the action
-- that made it has not yet recorded its event (lib/server/changes/under-way.ts).
CREATE TABLE "writes_under_way" (
	"reservation_id" text NOT NULL,
	"kind" text NOT NULL,
	"staff_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "writes_under_way_pk" PRIMARY KEY("reservation_id","kind","staff_id")
);
--> statement-breakpoint
CREATE INDEX "writes_under_way_at_idx" ON "writes_under_way" USING btree ("at");
