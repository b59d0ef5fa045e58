/**
 * Whole numbers (a search's count, a commitment's seats) written as a locale writes them, without
 * an Intl formatter. A page's browser makes none while it loads (the first one costs 11–22 ms of
 * hydration: e2e/platform/hydration-formatters.spec.ts), so the server reads how the member's
 * locale writes a count once (`countStyleOf`) and sends that; the browser then writes its counts
 * with `writeCount`, as Intl.NumberFormat would: "12,345", "12.345", "12 345", "12’345", "1,23,456".
 */
import { madeOnce } from './made-once';

export interface CountStyle {
  /** the locale's ten digits, 0 to 9 */
  digits: string;
  /** the separator between groups of digits ('' when the locale does not group) */
  group: string;
  /** what comes before a negative number's digits */
  minus: string;
  /** the digits of the last group (3), and of the ones before it (3; 2 in India) */
  primary: number;
  secondary: number;
  /** a number is grouped from this many digits (4; 5 in Spanish and Polish) */
  groupedFrom: number;
}

/** How a locale writes a count, read from Intl (on the server) once a process: every console page sends it. */
export const countStyleOf = (locale: string): CountStyle =>
  madeOnce(`${locale}\u0000count style`, () => readCountStyle(locale));

function readCountStyle(locale: string): CountStyle {
  const format = madeOnce(`${locale}\u0000count`, () => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }));
  const digits = Array.from({ length: 10 }, (_, d) => format.format(d)).join('');
  const parts = format.formatToParts(12345678);
  const groups = parts.filter((p) => p.type === 'integer').map((p) => p.value.length);
  const group = parts.find((p) => p.type === 'group')?.value ?? '';
  const groupedFrom = format.formatToParts(1234).some((p) => p.type === 'group')
    ? 4
    : format.formatToParts(12345).some((p) => p.type === 'group')
      ? 5
      : Infinity;
  return {
    digits: [...digits].length === 10 ? digits : '0123456789',
    group,
    minus: minusOf(format),
    primary: groups.at(-1) ?? 3,
    secondary: groups.length > 2 ? groups.at(-2)! : (groups.at(-1) ?? 3),
    groupedFrom: group ? groupedFrom : Infinity,
  };
}

/** What the locale writes before a negative number's digits: its minus sign, and in some a direction mark. */
function minusOf(format: Intl.NumberFormat): string {
  const parts = format.formatToParts(-1);
  const digitsAt = parts.findIndex((p) => p.type === 'integer');
  return parts
    .slice(0, digitsAt)
    .map((p) => p.value)
    .join('');
}

/** Counts as English writes them: the style before the server's arrives (a test, a page outside the console). */
export const PLAIN_COUNTS: CountStyle = {
  digits: '0123456789',
  group: ',',
  minus: '-',
  primary: 3,
  secondary: 3,
  groupedFrom: 4,
};

/** `n` as the style writes it; a number that is not whole is written as JavaScript writes it. */
export function writeCount(n: number, style: CountStyle): string {
  if (!Number.isSafeInteger(n)) return String(n);
  const plain = String(Math.abs(n));
  const digits = [...style.digits];
  const local = (s: string) => s.replace(/[0-9]/g, (d) => digits[Number(d)]!);
  let written: string;
  if (plain.length < style.groupedFrom) written = local(plain);
  else {
    const groups = [plain.slice(-style.primary)];
    for (let end = plain.length - style.primary; end > 0; end -= style.secondary)
      groups.unshift(plain.slice(Math.max(0, end - style.secondary), end));
    written = groups.map(local).join(style.group);
  }
  return n < 0 ? style.minus + written : written;
}
