/**
 * A hold's time left, measured on one clock. The browser's own clock may be wrong by minutes,
 * so the countdown runs on the server's notion of now: the offset between the server's clock
 * (sent with the hold) and the browser's, taken when the hold arrives.
 */

/** A hold closer than this to its expiry is treated as expired: the create request would arrive too late. */
export const HOLD_EXPIRY_MARGIN_MS = 2_000;

/** Milliseconds until `expiresAt` at `nowMs` (never negative; 0 for a date that cannot be read). */
export function holdRemainingMs(expiresAt: string, nowMs: number): number {
  const at = Date.parse(expiresAt);
  if (Number.isNaN(at)) return 0;
  return Math.max(0, at - nowMs);
}

/** Whether a hold can no longer be used for a booking at `nowMs` (with the margin a request needs). */
export function isHoldExpired(expiresAt: string, nowMs: number, marginMs = HOLD_EXPIRY_MARGIN_MS): boolean {
  return holdRemainingMs(expiresAt, nowMs) <= marginMs;
}

/** "9:05" for 9 min 5 s (rounded up, so it reads 0:00 only once the time is really up). */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

/** The offset to add to the browser's Date.now() to get the server's now (both read at the same moment). */
export const clockOffset = (serverNowMs: number, browserNowMs: number) => serverNowMs - browserNowMs;
