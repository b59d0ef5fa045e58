-- What a bulk job does to each of its rows besides its kind: a bulk change of the team's members
-- gives them one role, or disables or enables them ({"role": "viewer"} or {"disabled": true}).
ALTER TABLE "bulk_jobs" ADD COLUMN "params" jsonb;
