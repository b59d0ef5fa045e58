-- From p_pace_from requests in the window on, views keep to a pace: fewer
-- than p_pace requests (every lane) in the last 10 s, so that a burst cannot fill the window in
-- seconds and leave writes only its last tenth until it ages out (budgetPolicy in
-- lib/guestbook/rate-limit.ts says the same); a null p_pace (a write, background work) has none. The room kept for
-- writes is the fixed last tenth again (p_lane_limit). The versions of migrations 0005 and 0006
-- (api_budget_take) stay for processes of the previous build during a rolling deploy; this one
-- has a name of its own, as its arguments have the types of 0006's.
CREATE FUNCTION api_budget_take_paced(
  p_client text, p_lane text, p_member text, p_lane_limit integer, p_share_floor integer, p_contended_at integer,
  p_pace integer, p_pace_from integer
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
  IF p_pace IS NOT NULL AND n >= p_pace_from AND n10 >= p_pace THEN
    SELECT r.sent_at INTO leaves FROM api_budget_requests r
      WHERE r.client_id = p_client AND r.sent_at > t - interval '10 seconds'
      ORDER BY r.sent_at OFFSET greatest(0, n10 - p_pace) LIMIT 1;
    lane_wait := greatest(lane_wait, 1, ceil(extract(epoch FROM coalesce(leaves, t) + interval '10 seconds' - t) * 1000)::integer);
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
