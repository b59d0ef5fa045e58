CREATE TABLE "api_budget_blocks" (
	"client_id" text PRIMARY KEY NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_budget_requests" (
	"client_id" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "api_budget_requests_idx" ON "api_budget_requests" USING btree ("client_id","sent_at");--> statement-breakpoint
-- One API request of p_client, if it fits: under a lock per client, forget requests older than
-- 60 s, then either count this one (both waits 0) or say how long to wait. The database's clock
-- is the one clock of every process.
CREATE FUNCTION api_budget_take(p_client text, p_per_minute integer)
RETURNS TABLE (blocked_ms integer, wait_ms integer, used integer, used_10s integer)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  t timestamptz := clock_timestamp();
  until timestamptz;
  n integer;
  n10 integer;
  oldest timestamptz;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('api_budget:' || p_client, 0));
  t := clock_timestamp();
  DELETE FROM api_budget_requests WHERE client_id = p_client AND sent_at <= t - interval '60 seconds';
  SELECT count(*)::integer, min(sent_at), (count(*) FILTER (WHERE sent_at > t - interval '10 seconds'))::integer
    INTO n, oldest, n10 FROM api_budget_requests WHERE client_id = p_client;
  SELECT blocked_until INTO until FROM api_budget_blocks WHERE client_id = p_client;
  IF until IS NOT NULL AND until > t THEN
    RETURN QUERY SELECT greatest(1, ceil(extract(epoch FROM until - t) * 1000))::integer, 0, n, n10;
  ELSIF n >= p_per_minute THEN
    RETURN QUERY SELECT 0, greatest(1, ceil(extract(epoch FROM oldest + interval '60 seconds' - t) * 1000))::integer, n, n10;
  ELSE
    INSERT INTO api_budget_requests (client_id, sent_at) VALUES (p_client, t);
    RETURN QUERY SELECT 0, 0, n + 1, n10 + 1;
  END IF;
END;
$$;
