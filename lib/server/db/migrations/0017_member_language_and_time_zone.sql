ALTER TABLE "staff_users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "time_zone" text;