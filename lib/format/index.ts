/**
 * Dates, times and numbers for staff, in the console language's locale. A time that belongs to a
 * venue is shown in the venue's time zone; a moment with no venue (an audit row, a created or
 * updated time, a rate-limit reset) in the member's own zone, and the zone is always named.
 */
import { madeOnce } from './made-once';

export interface Formatter {
  readonly locale: string;
  /** the member's zone, for moments that belong to no venue */
  readonly memberZone: string;
  /** a calendar date of the API ("2026-11-24"), which has no zone: "Tue 24 Nov 2026" */
  day(date: string | null | undefined): string;
  /** a calendar date of the API in running text, without its weekday: "24 November 2026" */
  calendarDate(date: string): string;
  /** a moment ("2026-11-24T18:30:00Z") as date and time in `timeZone`, with the zone named */
  dateTime(iso: string | Date | null | undefined, timeZone: string): string;
  /** a moment's time of day in `timeZone`, with the zone named */
  time(iso: string | Date | null | undefined, timeZone: string): string;
  /** a moment that belongs to no venue, as date and time in the member's zone, the zone named */
  moment(iso: string | Date | null | undefined): string;
  /** a moment's time of day in the member's zone, the zone named */
  momentTime(iso: string | Date | null | undefined): string;
  /** an API wall-clock time ("18:30" or "18:30:00") at a venue, shown in the locale's style */
  wallTime(time: string | null | undefined): string;
  number(n: number): string;
}

const EMPTY = '—';

function toDate(value: string | Date): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function createFormatter(locale: string, memberZone = 'UTC'): Formatter {
  const dtf = (key: string, options: Intl.DateTimeFormatOptions) =>
    madeOnce(`${locale}\u0000${key}`, () => new Intl.DateTimeFormat(locale, options));
  const zoneName = (d: Date, timeZone: string) =>
    timeZone === 'UTC'
      ? 'UTC'
      : (dtf(`zone:${timeZone}`, { timeZone, timeZoneName: 'short' })
          .formatToParts(d)
          .find((p) => p.type === 'timeZoneName')?.value ?? timeZone);
  const formatter: Formatter = {
    locale,
    memberZone,
    day(date) {
      if (!date) return EMPTY;
      const d = toDate(`${date.slice(0, 10)}T00:00:00Z`);
      return d
        ? dtf('day', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(d)
        : date;
    },
    calendarDate(date) {
      const d = toDate(`${date.slice(0, 10)}T00:00:00Z`);
      return d ? dtf('calendar', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(d) : date;
    },
    dateTime(iso, timeZone) {
      if (!iso) return EMPTY;
      const d = toDate(iso);
      if (!d) return String(iso);
      return `${dtf(`dt:${timeZone}`, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(d)} ${zoneName(d, timeZone)}`;
    },
    time(iso, timeZone) {
      if (!iso) return EMPTY;
      const d = toDate(iso);
      if (!d) return String(iso);
      return `${dtf(`t:${timeZone}`, { timeStyle: 'short', timeZone }).format(d)} ${zoneName(d, timeZone)}`;
    },
    wallTime(time) {
      if (!time) return EMPTY;
      const m = /^(\d{2}):(\d{2})/.exec(time);
      if (!m) return time;
      return dtf('wall', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
        new Date(Date.UTC(2000, 0, 1, Number(m[1]), Number(m[2]))),
      );
    },
    moment: (iso) => formatter.dateTime(iso, memberZone),
    momentTime: (iso) => formatter.time(iso, memberZone),
    number: (n) => madeOnce(`${locale}\u0000number`, () => new Intl.NumberFormat(locale)).format(n),
  };
  return formatter;
}
