import { describe, expect, it } from 'vitest';

import { addDays, summarizeHistory } from '../../guests/history';
import { DEMO_PARTNER, NO_SHOW_REGULAR, REGULARS, seedDemoWorld } from './demo';

const TODAY = new Date('2026-06-15T12:00:00Z');
const today = '2026-06-15';

describe("the demo world's regulars", () => {
  const world = seedDemoWorld({ today: TODAY });
  const all = [...world.reservations.values()];
  const byEmail = new Map<string, typeof all>();
  for (const r of all) byEmail.set(r.guest.email, [...(byEmail.get(r.guest.email) ?? []), r]);

  it(`are ${REGULARS} guests of 3 to 8 reservations each, past and ahead, some with no-shows and cancellations`, () => {
    const regulars = [...byEmail.values()].filter((rs) => rs.length > 1);
    expect(regulars).toHaveLength(REGULARS);
    for (const rs of regulars) {
      expect(rs.length).toBeGreaterThanOrEqual(3);
      expect(rs.length).toBeLessThanOrEqual(8);
      expect(rs.some((r) => r.date < today)).toBe(true);
    }
    const statuses = regulars.flat().map((r) => r.status);
    expect(statuses.filter((s) => s === 'no_show').length).toBeGreaterThan(5);
    expect(statuses.filter((s) => s === 'canceled').length).toBeGreaterThan(5);
    expect(regulars.filter((rs) => rs.some((r) => r.date >= today)).length).toBeGreaterThan(REGULARS / 2);
  });

  it('include a guest of the default entity with two no-shows in the last 90 days and a table ahead', () => {
    const harriet = byEmail.get(NO_SHOW_REGULAR.email)!;
    expect(harriet.every((r) => r.entity_id === DEMO_PARTNER.defaultEntityId)).toBe(true);
    expect(harriet.some((r) => r.date > today && r.status === 'confirmed')).toBe(true);
    expect(summarizeHistory(harriet, today).flags).toContainEqual({ kind: 'noShows', count: 2, days: 90 });
    expect(harriet.filter((r) => r.status === 'no_show').every((r) => r.date >= addDays(today, -90))).toBe(true);
  });

  it("change only guests (and Harriet's statuses): every other field is as the world without regulars has it", () => {
    const without = seedDemoWorld({ today: TODAY, regulars: false });
    expect([...without.reservations.keys()]).toEqual([...world.reservations.keys()]);
    const fields = ({ guest: _, status: __, canceled_at: ___, ...rest }: (typeof all)[number]) => rest;
    for (const [id, r] of without.reservations) expect(fields(world.reservations.get(id)!)).toEqual(fields(r));
    const changed = all.filter((r) => r.status !== without.reservations.get(r.id)!.status);
    expect(changed.every((r) => r.guest.email === NO_SHOW_REGULAR.email)).toBe(true);
    // the first reservations keep their one-off guests (searched for by name and e-mail)
    expect(all.slice(0, 20).map((r) => r.guest)).toEqual(
      [...without.reservations.values()].slice(0, 20).map((r) => r.guest),
    );
  });

  it('are the same on every seeding of the same day', () => {
    const again = seedDemoWorld({ today: TODAY });
    expect([...again.reservations.values()].map((r) => r.guest.email)).toEqual(all.map((r) => r.guest.email));
  });
});
