-- The time of a key's last counted sign-in attempt, for the account-wide limit's progressive
-- delays (login-limiter.ts): past its free attempts, each next one waits twice as long as the
-- last. Null on rows of the fixed-window limits.
ALTER TABLE "login_throttle" ADD COLUMN "last_attempt_at" timestamp with time zone;
