import { describe, expect, it } from 'vitest';

import { RequestBudget } from './rate-limit';

describe('RequestBudget', () => {
  it('counts the requests of the last minute and of a shorter span', async () => {
    let now = 0;
    const budget = new RequestBudget(
      900,
      () => now,
      async () => undefined,
    );
    for (const t of [0, 20_000, 55_000, 58_000]) {
      now = t;
      await budget.take();
    }
    now = 60_000;
    expect(budget.used).toBe(3);
    expect(budget.usedWithin(10_000)).toBe(2);
    expect(budget.usedWithin(120_000)).toBe(3);
    expect(budget.perMinute).toBe(900);
  });
});
