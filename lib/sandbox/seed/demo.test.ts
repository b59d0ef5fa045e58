import { describe, expect, it } from 'vitest';

import { seedDemoWorld } from './demo';

describe("the demo world's reservations", () => {
  it('were all made before the world’s now, and before their date: no created_at lies ahead of the clock', () => {
    const now = new Date('2026-06-15T12:00:00Z');
    const all = [...seedDemoWorld({ today: now }).reservations.values()];
    expect(all.length).toBeGreaterThan(1_000);
    expect(all.filter((r) => Date.parse(r.created_at) > now.getTime()).map((r) => r.id)).toEqual([]);
    expect(all.filter((r) => r.created_at.slice(0, 10) > r.date).map((r) => r.id)).toEqual([]);
  });
});
