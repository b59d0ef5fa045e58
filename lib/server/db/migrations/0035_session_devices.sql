-- "Where you're signed in" on the account page: each session keeps the browser it was opened in
-- (its User-Agent, as sent), the client address of its sign-in, and when it was last used (noted
-- at most every few minutes, lib/server/auth/staff-sessions.ts). Sessions opened before have none.
ALTER TABLE "staff_sessions" ADD COLUMN "user_agent" text;
--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "client_address" text;
--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "last_seen_at" timestamp with time zone;
