/** Calendar days ("2026-11-26"), which have no zone, and the moments they begin at in one. */
import { madeOnce } from './made-once';

/** The ISO weekday of a calendar date: Monday 1 … Sunday 7 (the API's `days_of_week`). */
export const isoWeekday = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** Minutes since midnight of a wall-clock time (`19:40` or `19:40:00` → 1180). */
export const minutesOfDay = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The wall-clock time (`HH:MM`) of minutes since midnight, past midnight wrapping to the next day's. */
export const clockTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The calendar date `days` after `date` (before, when negative). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A calendar date and wall-clock time in some zone. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** `timeZone`'s calendar date and wall clock at `at` (a RangeError for a zone the runtime does not know). */
export function wallClockAt(at: number | Date, timeZone: string): WallClock {
  const format = madeOnce(
    `wall clock\u0000${timeZone}`,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      }),
  );
  const parts = format.formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** How far `timeZone`'s wall clock is ahead of UTC at `at`, in milliseconds. */
function offsetAt(at: number, timeZone: string): number {
  const c = wallClockAt(at, timeZone);
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - at;
}

/** The moment `date` begins in `timeZone` (its first instant at or after local midnight). */
export const startOfDay = (date: string, timeZone: string): Date => momentAt(date, '00:00', timeZone);

/**
 * The moment `timeZone`'s wall clock shows `time` (HH:MM) on `date`; a time skipped by a change of
 * offset, the first instant after the gap.
 */
export function momentAt(date: string, time: string, timeZone: string): Date {
  const wall = Date.parse(`${date}T${time.slice(0, 5)}:00Z`);
  const first = wall - offsetAt(wall, timeZone);
  // Across a change of offset the first guess is off by the change: measure again where it landed.
  const second = wall - offsetAt(first, timeZone);
  return new Date(offsetAt(second, timeZone) === offsetAt(first, timeZone) ? second : Math.max(first, second));
}
