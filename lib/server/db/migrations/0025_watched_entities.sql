-- The entities someone watches (lib/server/reservations-copy/watched.ts): an entity whose
-- reservations a page read in the last day. The reservations sync keeps the window of these
-- (and of the partner's default entity) only.
CREATE TABLE "watched_entities" (
	"entity_id" text PRIMARY KEY NOT NULL,
	"watched_at" timestamp with time zone NOT NULL
);
