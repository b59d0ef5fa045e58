-- The room a view or background work leaves for writes (writeRoom in lib/guestbook/rate-limit.ts
-- computes the same) is twice, per member, their writes of the window or of its last 10 s times 6
-- when that is more, each member's counted up to the share floor (p_share_floor) and the server's
-- own (no member) whole; at least p_write_reserve, at most two thirds of the window
-- (2 * p_per_minute / 3). A team that starts saving finds its room kept at once; one member's
-- burst keeps at most a fifth. The room is returned as write_room (in place of the writes of
-- migration 0013), so the function is created anew. Otherwise as migration 0013.
DROP FUNCTION IF EXISTS api_budget_take(text, text, text, integer, integer, integer, integer, integer);--> statement-breakpoint
CREATE FUNCTION api_budget_take(
  p_client text, p_lane text, p_member text, p_lane_limit integer, p_share_floor integer, p_contended_at integer,
  p_per_minute integer, p_write_reserve integer
)
RETURNS TABLE (
  blocked_ms integer, wait_ms integer, share_wait_ms integer, used integer, used_10s integer, member_used integer,
  members integer, write_room integer
)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  t timestamptz;
  until timestamptz;
  n integer;
  n10 integer;
  room integer;
  mine integer;
  others integer;
  lane_limit integer;
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
         (count(*) FILTER (WHERE r.member = p_member AND (p_lane <> 'write' OR r.lane = 'write')))::integer,
         (count(DISTINCT r.member) FILTER (WHERE r.member <> p_member OR p_member IS NULL))::integer
    INTO n, n10, mine, others FROM api_budget_requests r WHERE r.client_id = p_client;
  SELECT 2 * coalesce(sum(CASE WHEN w.member IS NULL THEN w.c ELSE least(w.c, p_share_floor) END), 0)::integer
    INTO room
    FROM (SELECT r.member, greatest(count(*), 6 * count(*) FILTER (WHERE r.sent_at > t - interval '10 seconds')) AS c
          FROM api_budget_requests r
          WHERE r.client_id = p_client AND r.lane = 'write' GROUP BY r.member) w;
  IF p_member IS NULL THEN
    mine := 0;
  END IF;
  SELECT b.blocked_until INTO until FROM api_budget_blocks b WHERE b.client_id = p_client;
  IF until IS NOT NULL AND until > t THEN
    RETURN QUERY SELECT greatest(1, ceil(extract(epoch FROM until - t) * 1000))::integer, 0, 0, n, n10, mine, others + 1, room;
    RETURN;
  END IF;
  lane_limit := CASE WHEN p_write_reserve > 0
    THEN least(p_lane_limit, p_per_minute - least((2 * p_per_minute) / 3, greatest(p_write_reserve, room)))
    ELSE p_lane_limit END;
  IF n >= lane_limit THEN
    SELECT r.sent_at INTO leaves FROM api_budget_requests r WHERE r.client_id = p_client
      ORDER BY r.sent_at OFFSET greatest(0, n - lane_limit) LIMIT 1;
    lane_wait := greatest(1, ceil(extract(epoch FROM coalesce(leaves, t) + interval '60 seconds' - t) * 1000))::integer;
  END IF;
  IF p_member IS NOT NULL THEN
    share := api_budget_member_limit(p_lane_limit, p_share_floor, p_contended_at, n, others + 1);
    IF share IS NOT NULL AND mine >= share THEN
      SELECT r.sent_at INTO leaves FROM api_budget_requests r WHERE r.client_id = p_client AND r.member = p_member
        AND (p_lane <> 'write' OR r.lane = 'write')
        ORDER BY r.sent_at OFFSET greatest(0, mine - share) LIMIT 1;
      share_wait := greatest(1, ceil(extract(epoch FROM coalesce(leaves, t) + interval '60 seconds' - t) * 1000))::integer;
    END IF;
  END IF;
  IF lane_wait > 0 OR share_wait > 0 THEN
    RETURN QUERY SELECT 0, greatest(lane_wait, share_wait), share_wait, n, n10, mine, others + 1, room;
  ELSE
    INSERT INTO api_budget_requests (client_id, sent_at, lane, member) VALUES (p_client, t, p_lane, p_member);
    RETURN QUERY SELECT 0, 0, 0, n + 1, n10 + 1, mine + 1, others + 1, room;
  END IF;
END;
$$;
