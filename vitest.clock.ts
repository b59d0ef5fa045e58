/**
 * The clock of CI's second run of the unit tests (.ci/run): with
 * `TEST_CLOCK` set to an instant, every test file starts with `Date` at that instant, running on
 * from there (timers stay real), so a test that depends on the hour or the date of the machine's
 * clock fails here instead of at 23:00 on some other day. Tests that set their own clock
 * (`vi.setSystemTime`, a sandbox's `startsAt`) are unaffected.
 */
import { vi } from 'vitest';

const at = process.env.TEST_CLOCK;
if (at) {
  const instant = Date.parse(at);
  if (!Number.isFinite(instant)) throw new Error(`TEST_CLOCK is not an instant: ${at}`);
  vi.useFakeTimers({ now: instant, toFake: ['Date'], shouldAdvanceTime: true });
}
