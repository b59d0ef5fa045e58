-- The window of reservations (lib/server/reservations-copy): per entity context, each reservation
-- of the window's days as the API returned it, with the columns a search filters and sorts on,
-- and the window itself. Text compares and sorts in code-point order ("C"), as the API does.
CREATE TABLE "reservations_copy" (
	"context" text NOT NULL,
	"id" text COLLATE "C" NOT NULL,
	"venue_id" text COLLATE "C",
	"program_id" text COLLATE "C",
	"date" text COLLATE "C" NOT NULL,
	"time" text COLLATE "C",
	"status" text COLLATE "C" NOT NULL,
	"party_size" integer,
	"locale" text COLLATE "C",
	"created_at" text,
	"created_at_ms" bigint,
	"updated_at" text,
	"guest_email_lower" text COLLATE "C",
	"guest_last_name" text COLLATE "C",
	"guest_last_name_lower" text COLLATE "C",
	"reservation" jsonb NOT NULL,
	"synced_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reservations_copy_pk" PRIMARY KEY ("context", "id")
);
--> statement-breakpoint
CREATE INDEX "reservations_copy_date" ON "reservations_copy" USING btree ("context", "date");--> statement-breakpoint
CREATE TABLE "reservations_window" (
	"context" text PRIMARY KEY NOT NULL,
	"first_day" text NOT NULL,
	"last_day" text NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"full_read_at" timestamp with time zone NOT NULL,
	"last_created_at" text,
	"venues" jsonb DEFAULT '[]'::jsonb NOT NULL
);
