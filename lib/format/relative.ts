/**
 * How long ago a moment was, in the locale's words ("5 minutes ago", "yesterday"), in the largest
 * unit that fits. `now` is the caller's: a page passes the time it renders at, a test its own.
 */
import { madeOnce } from './made-once';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

export function relativeTime(locale: string, iso: string | Date, now: Date): string {
  const at = iso instanceof Date ? iso : new Date(iso);
  const ms = at.getTime() - now.getTime();
  const rtf = madeOnce(`${locale}\u0000relative`, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
  for (const [unit, size] of UNITS) if (Math.abs(ms) >= size) return rtf.format(Math.round(ms / size), unit);
  return rtf.format(0, 'minute');
}
