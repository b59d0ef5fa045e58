import { describe, expect, it } from 'vitest';

import { countBy, foldIds, median, peakInWindow, perFixedMinute, quantile, ratio, round, spread } from './stats';

describe('sample figures', () => {
  it('computes nearest-rank quantiles and the lower median', () => {
    expect(quantile([5, 1, 3, 2, 4], 0.5)).toBe(3);
    expect(quantile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.95)).toBe(10);
    expect(quantile([], 0.5)).toBeNaN();
    expect(median([4, 1, 3, 2])).toBe(2);
  });

  it('rounds, and reports median and p95 without NaN samples', () => {
    expect(round(12.345)).toBe(12);
    expect(round(12.345, 1)).toBe(12.3);
    expect(ratio(3, 2)).toBe(1.5);
    expect(spread([10.4, NaN, 20.6, 30])).toEqual({ median: 21, p95: 30 });
  });

  it('counts the busiest span of 60 s, the fixed minutes and keys', () => {
    const t0 = Date.UTC(2026, 0, 1, 10, 0, 0);
    const times = [t0 + 30_000, t0 + 59_000, t0 + 61_000, t0 + 89_999, t0 + 90_000, t0 + 200_000];
    expect(peakInWindow(times, 60_000)).toEqual({ count: 4, from: t0 + 30_000 });
    expect(peakInWindow([], 60_000).count).toBe(0);
    expect([...perFixedMinute(times)]).toEqual([
      [t0, 2],
      [t0 + 60_000, 3],
      [t0 + 180_000, 1],
    ]);
    expect(Object.entries(countBy(['a', 'b', 'b'], (x) => x))).toEqual([
      ['b', 2],
      ['a', 1],
    ]);
  });

  it('folds each id in a path, whatever its case, and nothing else', () => {
    expect(foldIds('/v2/entities/3f210ca1-2dfe-5442-89e6-f3254d6b743c/logo')).toBe('/v2/entities/{id}/logo');
    expect(foldIds('/v2/a/D294BAF5-3E9F-553A-9A49-AA8E95135E62/b/1fc3a2f9-da1e-5fe3-a5eb-f485d8372654')).toBe(
      '/v2/a/{id}/b/{id}',
    );
    expect(foldIds('/v2/reservations?limit=100&date=2026-12-06')).toBe('/v2/reservations?limit=100&date=2026-12-06');
  });
});
