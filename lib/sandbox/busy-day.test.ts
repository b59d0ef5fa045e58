import { describe, expect, it } from 'vitest';

import { allocationKey } from './model';
import { DEMO_PARTNER, seedDemoWorld } from './seed/demo';

describe('the demo world’s busy day', () => {
  const today = new Date('2026-11-27T12:00:00Z'); // a Friday
  const ofToday = (w: ReturnType<typeof seedDemoWorld>) =>
    [...w.reservations.values()].filter((r) => r.entity_id === DEMO_PARTNER.defaultEntityId && r.date === '2026-11-27');

  it('adds the reservations asked for today, each on a commitment of the entity that runs then, within its hours', () => {
    const plain = seedDemoWorld({ today });
    const busy = seedDemoWorld({ today, busyDay: 400 });
    expect(ofToday(busy).length - ofToday(plain).length).toBe(400);
    for (const r of ofToday(busy).filter((r) => !plain.reservations.has(r.id))) {
      const c = busy.commitments.get(r.commitment_id!)!;
      expect(c.days_of_week).toContain(5);
      expect(busy.allocations.has(allocationKey(DEMO_PARTNER.defaultEntityId, c.id))).toBe(true);
      expect(r.time >= c.start_time && r.time < c.end_time).toBe(true);
      expect(r.party_size).toBeGreaterThanOrEqual(1);
    }
    // the rest of the world is the same world
    expect(busy.reservations.size - plain.reservations.size).toBe(400);
  });
});
