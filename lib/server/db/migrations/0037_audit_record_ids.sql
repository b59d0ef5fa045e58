-- The records an audit row is about besides its one resource (a grid's apply names many
-- commitments): a record's history finds the row by any of them.
ALTER TABLE "audit_log" ADD COLUMN "record_ids" text[];
--> statement-breakpoint
CREATE INDEX "audit_log_record_ids_idx" ON "audit_log" USING gin ("record_ids") WHERE "record_ids" IS NOT NULL;
--> statement-breakpoint
-- Rows written before: the commitments of the grid's applies (before: [{commitmentId, ...}])
-- and of its restores (after: [{entityId, data: [{id, ...}]}]).
UPDATE "audit_log" SET "record_ids" = ids.list
FROM (
  SELECT a.id, array_agg(DISTINCT c) AS list
  FROM "audit_log" a,
    LATERAL (
      SELECT e->>'commitmentId' AS c
      FROM jsonb_array_elements(CASE WHEN jsonb_typeof(a.before) = 'array' THEN a.before ELSE '[]'::jsonb END) e
      UNION
      SELECT d->>'id'
      FROM jsonb_array_elements(CASE WHEN jsonb_typeof(a.after) = 'array' THEN a.after ELSE '[]'::jsonb END) s,
        jsonb_array_elements(CASE WHEN jsonb_typeof(s->'data') = 'array' THEN s->'data' ELSE '[]'::jsonb END) d
    ) found
  WHERE a.action IN ('apply-allocation', 'restore-allocation') AND c IS NOT NULL
  GROUP BY a.id
) ids
WHERE "audit_log".id = ids.id;
