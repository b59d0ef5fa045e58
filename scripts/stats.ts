/** The figures the load test and the bench compute from their samples. Tested in stats.test.ts. */

import { UUID_PATTERN } from '../lib/guestbook/ids';

/** The sample at quantile `q` (0–1) of `xs`, nearest rank; NaN without samples. */
export function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] ?? NaN;
}

/** The lower median (the middle sample, or the lower of the two middle ones). */
export const median = (xs: readonly number[]): number => quantile(xs, 0.5);

/** `n` rounded to `digits` decimals. */
export const round = (n: number, digits = 0): number => Math.round(n * 10 ** digits) / 10 ** digits;

/** Median and p95 of samples, rounded to the millisecond (NaN samples left out). */
export function spread(xs: readonly number[]): { median: number; p95: number } {
  const known = xs.filter(Number.isFinite);
  return { median: round(quantile(known, 0.5)), p95: round(quantile(known, 0.95)) };
}

/** `a / b` to two decimals, as the ratios of two medians are reported. */
export const ratio = (a: number, b: number): number => round(a / b, 2);

/** The largest number of timestamps (ms) inside any span of `windowMs` (start included, end excluded). */
export function peakInWindow(times: readonly number[], windowMs: number): { count: number; from: number | null } {
  const sorted = [...times].sort((a, b) => a - b);
  let best = { count: 0, from: null as number | null };
  let lo = 0;
  for (let hi = 0; hi < sorted.length; hi++) {
    while (sorted[hi]! - sorted[lo]! >= windowMs) lo++;
    if (hi - lo + 1 > best.count) best = { count: hi - lo + 1, from: sorted[lo]! };
  }
  return best;
}

/** Counts per fixed minute (the windows the API resets every 60 s), keyed by the minute's start. */
export function perFixedMinute(times: readonly number[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const t of times) {
    const minute = Math.floor(t / 60_000) * 60_000;
    out.set(minute, (out.get(minute) ?? 0) + 1);
  }
  return out;
}

/** Counts by key, the most frequent first. */
export function countBy<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) {
    const k = key(item);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]));
}

const ID_IN_PATH = new RegExp(UUID_PATTERN, 'gi');

/** A path with each id in it written `{id}`: the requests to one endpoint, or the views of one page, counted together. */
export const foldIds = (path: string): string => path.replace(ID_IN_PATH, '{id}');
