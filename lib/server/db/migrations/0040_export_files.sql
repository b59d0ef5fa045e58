-- Reservation exports prepared on the server (lib/server/exports): the member starts one, may close
-- the tab, and hears from the inbox when its file is ready. The file is kept here, for its member
-- alone, until it expires. At most one export a member prepares at a time (the partial unique index).
CREATE TABLE "export_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid NOT NULL,
	"entity_id" text,
	"query" text NOT NULL,
	"locale" text NOT NULL,
	"session_version" integer NOT NULL,
	"total" integer NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"filename" text NOT NULL,
	"content" text,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"claimed_until" timestamp with time zone,
	CONSTRAINT "export_files_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "staff_users"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX "export_files_one_preparing_idx" ON "export_files" USING btree ("staff_id") WHERE "finished_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "export_files_staff_idx" ON "export_files" USING btree ("staff_id","created_at");
