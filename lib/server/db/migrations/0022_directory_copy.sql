-- The dashboard's copy of the partner's directory (identity, delegates, entities, venues, markets,
-- commitments), refreshed by the directory sync: one row per item of a resource as the API answers
-- it in one context ('partner' for the partner-wide resources, else the entity whose context the
-- API answered in), its JSON as parsed by the shared zod schemas, and its place in the API's order.
CREATE TABLE "directory_copy" (
	"resource" text NOT NULL,
	"context" text NOT NULL,
	"id" text NOT NULL,
	"position" integer NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "directory_copy_resource_context_id_pk" PRIMARY KEY("resource","context","id")
);
--> statement-breakpoint
-- When each resource was last read in whole from the API in each context: a copy never synced
-- has no row here, and is read from the API (and stored) instead.
CREATE TABLE "directory_syncs" (
	"resource" text NOT NULL,
	"context" text NOT NULL,
	"synced_at" timestamp with time zone NOT NULL,
	CONSTRAINT "directory_syncs_resource_context_pk" PRIMARY KEY("resource","context")
);
