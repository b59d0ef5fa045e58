import { describe, expect, it } from 'vitest';

import { afterStart } from './report';

describe('afterStart', () => {
  const runStart = 1_000_000;
  it("counts only the reads and writes that started once the team's start was over", () => {
    const views = [
      { at: runStart + 500, ms: 900 },
      { at: runStart + 9_999, ms: 800 },
      { at: runStart + 10_000, ms: 40 },
      { at: runStart + 30_000, ms: 60 },
    ];
    const actions = [
      { start: runStart + 2_000, ms: 2_500 },
      { start: runStart + 12_000, ms: 120 },
    ];
    const later = afterStart(views, actions, runStart, 10_000);
    expect(later.from_s).toBe(10);
    expect(later.page_views.count).toBe(2);
    expect(later.page_views.max_ms).toBe(60);
    expect(later.writes.count).toBe(1);
    expect(later.writes.p99_ms).toBe(120);
  });

  it('is every read and write from the first millisecond', () => {
    const later = afterStart([{ at: runStart, ms: 900 }], [{ start: runStart, ms: 70 }], runStart, 0);
    expect([later.page_views.count, later.writes.count]).toEqual([1, 1]);
  });
});
