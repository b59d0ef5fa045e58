/**
 * The demo world shows a day's business on whatever day it runs: seeded with at least
 * TODAY_AT_LEAST reservations of the default entity kept today, and, when it runs on into a new
 * day at the venues, guests book that day up to as many (made then, as bookings through another
 * channel would be), so a demo or a test run that passes midnight still has a day of service.
 */
import { todayOf } from '../../overview/figures';
import type { CommitmentRecord, WorldData } from '../model';
import { iso, type World } from '../world';
import { bookingsOfDay } from './busy-day';
import { DEMO_PARTNER } from './demo-data';

/** Reservations of the default entity that today keeps (not canceled), on any day of the week. */
export const TODAY_AT_LEAST = 3;

const keptOn = (w: WorldData, day: string) =>
  [...w.reservations.values()].filter(
    (r) => r.entity_id === DEMO_PARTNER.defaultEntityId && r.date === day && r.status !== 'canceled',
  ).length;

/**
 * At seeding: when the default entity has fewer than TODAY_AT_LEAST reservations kept today, its
 * first upcoming ones (of more than one guest, on a commitment that runs today) move to today,
 * confirmed and made the day before.
 */
export function ensureBusinessToday(w: WorldData, commitments: CommitmentRecord[], day0: number): void {
  const today = new Date(day0).toISOString().slice(0, 10);
  const weekday = ((new Date(day0).getUTCDay() + 6) % 7) + 1;
  const runsToday = new Set(commitments.filter((c) => c.days_of_week.includes(weekday)).map((c) => c.id));
  const missing = TODAY_AT_LEAST - keptOn(w, today);
  if (missing <= 0) return;
  const made = new Date(day0 - 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  for (const r of [...w.reservations.values()]
    .filter(
      (r) =>
        r.entity_id === DEMO_PARTNER.defaultEntityId &&
        r.date > today &&
        r.status !== 'canceled' &&
        r.party_size > 1 &&
        runsToday.has(r.commitment_id!),
    )
    .slice(0, missing)) {
    Object.assign(r, { date: today, status: 'confirmed', created_at: made, updated_at: made });
  }
}

/**
 * For a running demo world: a check, cheap once a day is seen, that books the venues' new day up
 * to TODAY_AT_LEAST when the clock has moved into it. True when it booked any.
 */
export function followDays(world: World): () => boolean {
  let seen = '';
  return () => {
    const now = world.now();
    const day = todayOf([...world.data.venues.values()], now);
    if (day === seen) return false;
    seen = day;
    const missing = TODAY_AT_LEAST - keptOn(world.data, day);
    if (missing <= 0) return false;
    const live = [...world.data.commitments.values()].filter(
      (c) => !world.data.agreements.get(c.agreement_id)?.ended_at,
    );
    const booked = bookingsOfDay(world.data, live, {
      day0: Date.parse(`${day}T00:00:00Z`),
      count: missing,
      tag: `day-${day}`,
      madeAt: iso(now),
      seed: Number(day.replaceAll('-', '')),
    }).filter((r) => !world.data.reservations.has(r.id));
    for (const r of booked) world.put('reservations', r.id, r);
    return booked.length > 0;
  };
}
