-- The last answer the API gave to each reservation search the copy of the window cannot answer
-- (lib/server/reservations-copy/answers.ts), per entity context: a search already made shows it,
-- "as of" when it was read, when the request budget has no room for a new read. Shared by every
-- dashboard process; answers older than a day are dropped.
CREATE TABLE "search_answers" (
	"context" text NOT NULL,
	"query" text NOT NULL,
	"answer" jsonb NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "search_answers_pk" PRIMARY KEY ("context", "query")
);
--> statement-breakpoint
CREATE INDEX "search_answers_read_at" ON "search_answers" USING btree ("read_at");
