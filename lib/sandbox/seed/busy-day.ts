/**
 * A busy day for the benchmark: `count` more reservations of the default entity today, on its
 * commitments that run today, spread over their hours by the quarter hour, of one to six guests,
 * mostly confirmed. With a generator of its own, so the world's own random stream is untouched.
 */
import { clockTime as hhmm, minutesOfDay as minutes } from '../../format/days';
import { prng, uuidFrom } from '../ids';
import type { CommitmentRecord, ReservationRecord, WorldData } from '../model';
import { DEMO_PARTNER, FIRST, LAST } from './demo-data';

export interface DayOfBookings {
  /** the day's first instant, in UTC milliseconds */
  day0: number;
  count: number;
  /** names the reservations (their ids and guests' addresses), so that two calls never share one */
  tag: string;
  /** when they were made (ISO, seconds); the day before by default */
  madeAt?: string;
  /** the generator's seed */
  seed?: number;
}

/** `count` reservations of the default entity on the day, made by guests; none when nothing of it runs that day. */
export function bookingsOfDay(
  w: WorldData,
  commitments: readonly CommitmentRecord[],
  { day0, count, tag, madeAt, seed = 0xb05d }: DayOfBookings,
): ReservationRecord[] {
  const rand = prng(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const today = new Date(day0).toISOString().slice(0, 10);
  const weekday = ((new Date(day0).getUTCDay() + 6) % 7) + 1;
  const entityId = DEMO_PARTNER.defaultEntityId;
  const held = new Set([...w.allocations.values()].filter((a) => a.entity_id === entityId).map((a) => a.commitment_id));
  const running = commitments.filter((c) => held.has(c.id) && c.days_of_week.includes(weekday));
  if (!running.length) return [];
  const made = madeAt ?? new Date(day0 - 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return Array.from({ length: count }, (_, i): ReservationRecord => {
    const c = pick(running);
    const quarters = Math.max(1, Math.floor((minutes(c.end_time) - minutes(c.start_time)) / 15));
    const first = pick(FIRST);
    const last = pick(LAST);
    return {
      id: uuidFrom(`${tag}:${i}`),
      entity_id: entityId,
      venue_id: c.venue_id,
      commitment_id: c.id,
      program_id: c.program_id,
      seating_area_id: null,
      status: rand() < 0.85 ? 'confirmed' : 'pending',
      date: today,
      time: hhmm(minutes(c.start_time) + 15 * Math.floor(rand() * quarters)),
      party_size: 1 + Math.floor(rand() * 6),
      guest: {
        first_name: first,
        last_name: last,
        email: `${first}.${last}.${tag.replace(/[^a-z0-9]/gi, '')}${i}@example.com`
          .toLowerCase()
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, ''),
        phone: null,
      },
      notes: rand() < 0.15 ? 'One guest is vegetarian' : null,
      locale: 'en-US',
      created_at: made,
      updated_at: made,
      canceled_at: null,
    };
  });
}

export function addBusyDay(w: WorldData, commitments: readonly CommitmentRecord[], day0: number, count: number): void {
  for (const r of bookingsOfDay(w, commitments, { day0, count, tag: 'busy-day' })) w.reservations.set(r.id, r);
}
