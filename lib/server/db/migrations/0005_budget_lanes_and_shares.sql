ALTER TABLE "api_budget_requests" ADD COLUMN "lane" text DEFAULT 'view' NOT NULL;--> statement-breakpoint
ALTER TABLE "api_budget_requests" ADD COLUMN "member" text;--> statement-breakpoint
-- A member's share of the window once it is contended, or null (the same as memberLimit in
-- lib/guestbook/rate-limit.ts; shared-budget.pg.test.ts checks both against one table of cases).
CREATE FUNCTION api_budget_member_limit(p_lane_limit integer, p_share_floor integer, p_contended_at integer, p_used integer, p_members integer)
RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_used < p_contended_at THEN NULL ELSE greatest(p_share_floor, p_lane_limit / (p_members + 1)) END
$$;--> statement-breakpoint
-- One API request of p_client in lane p_lane for p_member (null: the server's own), if it fits
-- the policy (budgetPolicy and decideTake in lib/guestbook/rate-limit.ts, whose figures the caller
-- passes): under the lock per client, forget requests older than 60 s, count them (all, the
-- member's, the members active), then either count this one (both waits 0) or say how long until
-- it fits: until enough of the oldest requests leave the window for the lane to have room, and
-- enough of the member's for them to be within their share. The version of migration 0002 stays
-- for processes of the previous build during a rolling deploy (their rows count as views of no one).
CREATE FUNCTION api_budget_take(
  p_client text, p_lane text, p_member text, p_lane_limit integer, p_share_floor integer, p_contended_at integer
)
RETURNS TABLE (
  blocked_ms integer, wait_ms integer, share_wait_ms integer, used integer, used_10s integer, member_used integer, members integer
)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  t timestamptz;
  until timestamptz;
  n integer;
  n10 integer;
  mine integer;
  others integer;
  share integer;
  lane_wait integer := 0;
  share_wait integer := 0;
  leaves timestamptz;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('api_budget:' || p_client, 0));
  t := clock_timestamp();
  DELETE FROM api_budget_requests r WHERE r.client_id = p_client AND r.sent_at <= t - interval '60 seconds';
  SELECT count(*)::integer,
         (count(*) FILTER (WHERE r.sent_at > t - interval '10 seconds'))::integer,
         (count(*) FILTER (WHERE r.member = p_member))::integer,
         (count(DISTINCT r.member) FILTER (WHERE r.member <> p_member OR p_member IS NULL))::integer
    INTO n, n10, mine, others FROM api_budget_requests r WHERE r.client_id = p_client;
  IF p_member IS NULL THEN
    mine := 0;
  END IF;
  SELECT b.blocked_until INTO until FROM api_budget_blocks b WHERE b.client_id = p_client;
  IF until IS NOT NULL AND until > t THEN
    RETURN QUERY SELECT greatest(1, ceil(extract(epoch FROM until - t) * 1000))::integer, 0, 0, n, n10, mine, others + 1;
    RETURN;
  END IF;
  IF n >= p_lane_limit THEN
    SELECT r.sent_at INTO leaves FROM api_budget_requests r WHERE r.client_id = p_client
      ORDER BY r.sent_at OFFSET greatest(0, n - p_lane_limit) LIMIT 1;
    lane_wait := greatest(1, ceil(extract(epoch FROM coalesce(leaves, t) + interval '60 seconds' - t) * 1000))::integer;
  END IF;
  IF p_member IS NOT NULL THEN
    share := api_budget_member_limit(p_lane_limit, p_share_floor, p_contended_at, n, others + 1);
    IF share IS NOT NULL AND mine >= share THEN
      SELECT r.sent_at INTO leaves FROM api_budget_requests r WHERE r.client_id = p_client AND r.member = p_member
        ORDER BY r.sent_at OFFSET greatest(0, mine - share) LIMIT 1;
      share_wait := greatest(1, ceil(extract(epoch FROM coalesce(leaves, t) + interval '60 seconds' - t) * 1000))::integer;
    END IF;
  END IF;
  IF lane_wait > 0 OR share_wait > 0 THEN
    RETURN QUERY SELECT 0, greatest(lane_wait, share_wait), share_wait, n, n10, mine, others + 1;
  ELSE
    INSERT INTO api_budget_requests (client_id, sent_at, lane, member) VALUES (p_client, t, p_lane, p_member);
    RETURN QUERY SELECT 0, 0, 0, n + 1, n10 + 1, mine + 1, others + 1;
  END IF;
END;
$$;
