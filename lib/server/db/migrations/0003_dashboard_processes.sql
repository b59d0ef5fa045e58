CREATE TABLE "dashboard_processes" (
	"id" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"auth_fingerprint" text NOT NULL,
	"actions_key_fingerprint" text NOT NULL,
	"build_id" text NOT NULL
);
