/**
 * Dates, times and numbers for staff, in the staff member's locale (their browser's
 * Accept-Language). A time that belongs to a venue is shown in the venue's time zone; a moment
 * with no venue (an audit row, a rate-limit reset) in UTC, and the zone is always named.
 */
export interface Formatter {
  readonly locale: string;
  /** a calendar date of the API ("2026-11-24"), which has no zone: "Tue 24 Nov 2026" */
  day(date: string | null | undefined): string;
  /** a moment ("2026-11-24T18:30:00Z") as date and time in `timeZone`, with the zone named */
  dateTime(iso: string | Date | null | undefined, timeZone: string): string;
  /** a moment's time of day in `timeZone`, with the zone named */
  time(iso: string | Date | null | undefined, timeZone: string): string;
  /** an API wall-clock time ("18:30" or "18:30:00") at a venue, shown in the locale's style */
  wallTime(time: string | null | undefined): string;
  number(n: number): string;
  /** "3 reservations", "1 reservation" */
  count(n: number, one: string, many?: string): string;
}

const EMPTY = '—';

/** The first supported locale of an Accept-Language header, else the fallback. */
export function localeFromAcceptLanguage(header: string | null | undefined, fallback = 'en-GB'): string {
  if (!header) return fallback;
  const ranked = header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) : 1, i };
    })
    .filter((r) => r.tag && r.tag !== '*' && Number.isFinite(r.q) && r.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of ranked) {
    try {
      const [canonical] = Intl.getCanonicalLocales(tag);
      if (canonical && Intl.DateTimeFormat.supportedLocalesOf(canonical).length > 0) return canonical;
    } catch {
      // not a well-formed language tag: try the next one
    }
  }
  return fallback;
}

function toDate(value: string | Date): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function createFormatter(locale: string): Formatter {
  const cache = new Map<string, Intl.DateTimeFormat>();
  const dtf = (key: string, options: Intl.DateTimeFormatOptions) => {
    let f = cache.get(key);
    if (!f) cache.set(key, (f = new Intl.DateTimeFormat(locale, options)));
    return f;
  };
  let numberFormat: Intl.NumberFormat | undefined;
  const numbers = { format: (n: number) => (numberFormat ??= new Intl.NumberFormat(locale)).format(n) };
  const zoneName = (d: Date, timeZone: string) =>
    timeZone === 'UTC'
      ? 'UTC'
      : (dtf(`zone:${timeZone}`, { timeZone, timeZoneName: 'short' })
          .formatToParts(d)
          .find((p) => p.type === 'timeZoneName')?.value ?? timeZone);
  return {
    locale,
    day(date) {
      if (!date) return EMPTY;
      const d = toDate(`${date.slice(0, 10)}T00:00:00Z`);
      return d
        ? dtf('day', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(d)
        : date;
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
    number: (n) => numbers.format(n),
    count: (n, one, many = `${one}s`) => `${numbers.format(n)} ${n === 1 ? one : many}`,
  };
}
