/**
 * When a member's daily digest goes out: at the time they chose (DEFAULT_DIGEST_TIME unless),
 * on their own wall clock. Framework-free: the mail job and its tests share it.
 */
import { addDays, momentAt, wallClockAt } from '../format/days';
import { DEFAULT_DIGEST_TIME } from './preferences';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The member's latest digest moment at or before `now`: the local date it belongs to, and the
 * instant. A digest holds the items raised before that instant and not mailed yet; one raised
 * after it waits for the next day's. An unknown zone counts as UTC.
 */
export function lastDigestMoment(now: Date, timeZone: string | null, time: string | null): { date: string; at: Date } {
  let zone = timeZone ?? 'UTC';
  let wall;
  try {
    wall = wallClockAt(now, zone);
  } catch {
    zone = 'UTC';
    wall = wallClockAt(now, zone);
  }
  const at = time ?? DEFAULT_DIGEST_TIME;
  const today = `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;
  const todays = momentAt(today, at, zone);
  if (todays.getTime() <= now.getTime()) return { date: today, at: todays };
  const yesterday = addDays(today, -1);
  return { date: yesterday, at: momentAt(yesterday, at, zone) };
}
