-- Bulk actions run as jobs on the server (lib/server/bulk-jobs): a job per run, stored so that it
-- goes on after the tab that started it closes and resumes after a restart, and its rows, each
-- with its outcome once tried. At most one job a member runs at a time (the partial unique index).
CREATE TABLE "bulk_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"entity_id" text,
	"locale" text NOT NULL,
	"session_version" integer NOT NULL,
	"total" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"dismissed_at" timestamp with time zone,
	"claimed_until" timestamp with time zone,
	CONSTRAINT "bulk_jobs_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "staff_users"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_jobs_one_running_idx" ON "bulk_jobs" USING btree ("staff_id") WHERE "finished_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "bulk_jobs_staff_idx" ON "bulk_jobs" USING btree ("staff_id","created_at");
--> statement-breakpoint
CREATE TABLE "bulk_job_rows" (
	"job_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"target_id" text NOT NULL,
	"name" text NOT NULL,
	"result" text,
	"reason" text,
	"stopped_at" text,
	CONSTRAINT "bulk_job_rows_pk" PRIMARY KEY("job_id","position"),
	CONSTRAINT "bulk_job_rows_job_id_bulk_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "bulk_jobs"("id") ON DELETE cascade
);
