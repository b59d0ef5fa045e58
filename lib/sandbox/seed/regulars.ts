/**
 * The demo world's regulars: guests who come back, as a real partner's book has them. A pass over
 * the reservations already made (with a generator of its own, so the world's own random stream is
 * untouched) gives some of them the same guest: REGULARS guests of 3 to 8 reservations each,
 * across past and future dates, mostly at one entity, with whatever visits, no-shows and
 * cancellations those reservations had. The first, NO_SHOW_REGULAR, is a regular of the default
 * entity with two recent no-shows and a table booked ahead, for the history's flag in the demo and
 * the tests.
 */
import { prng } from '../ids';
import type { ReservationRecord, WorldData } from '../model';
import { DEMO_PARTNER, FIRST, LAST } from './demo-data';

/** How many regulars the demo world has. */
export const REGULARS = 40;
/** The first reservations keep their one-off guests (tests search for them by name and e-mail). */
const KEPT = 20;

/** The default entity's regular with two no-shows in the last weeks and a reservation ahead. */
export const NO_SHOW_REGULAR = {
  first_name: 'Harriet',
  last_name: 'Quinn',
  email: 'harriet.quinn@example.com',
} as const;

const emailOf = (first: string, last: string) =>
  `${first}.${last}@example.com`
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

/** The regulars' names: NO_SHOW_REGULAR, then pairs of the demo's names, each pair once. */
function regularGuests(rand: () => number): { first_name: string; last_name: string; email: string }[] {
  const guests: { first_name: string; last_name: string; email: string }[] = [{ ...NO_SHOW_REGULAR }];
  const taken = new Set(guests.map((g) => g.email));
  while (guests.length < REGULARS) {
    const first = FIRST[Math.floor(rand() * FIRST.length)]!;
    const last = LAST[Math.floor(rand() * LAST.length)]!;
    const email = emailOf(first, last);
    if (taken.has(email)) continue;
    taken.add(email);
    guests.push({ first_name: first, last_name: last, email });
  }
  return guests;
}

function shuffled<T>(xs: readonly T[], rand: () => number): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Gives the regulars their reservations (see the module's comment); `day0` is today's midnight, UTC. */
export function addRegulars(w: WorldData, day0: number): void {
  const rand = prng(55_2026);
  const today = new Date(day0).toISOString().slice(0, 10);
  const all = [...w.reservations.values()];
  const free = new Map<string, { past: ReservationRecord[]; ahead: ReservationRecord[] }>();
  for (const r of shuffled(all.slice(KEPT), rand)) {
    const own = free.get(r.entity_id) ?? { past: [], ahead: [] };
    (r.date < today ? own.past : own.ahead).push(r);
    free.set(r.entity_id, own);
  }
  const others = [...free.keys()].filter((id) => id !== DEMO_PARTNER.defaultEntityId).sort();
  regularGuests(rand).forEach((guest, k) => {
    // a third of them at the default entity, the others around the partner's entities
    const entity = k % 3 === 0 || !others.length ? DEMO_PARTNER.defaultEntityId : others[k % others.length]!;
    const own = free.get(entity);
    if (!own) return;
    // NO_SHOW_REGULAR's table ahead is on a later day than today
    if (k === 0) own.ahead.sort((a, b) => Number(b.date > today) - Number(a.date > today));
    const size = k === 0 ? 6 : 3 + Math.floor(rand() * 6);
    const ahead = Math.min(own.ahead.length, Math.max(1, Math.round(size * 0.3)));
    const picked = [...own.ahead.splice(0, ahead), ...own.past.splice(0, size - ahead)];
    const phone = `+44 20 7946 ${String(9000 + k)}`;
    for (const r of picked) r.guest = { ...guest, phone };
    if (k === 0) makeNoShowRegular(picked, today);
  });
}

/** The two latest past reservations were no-shows, the one before a visit; those ahead are confirmed. */
function makeNoShowRegular(picked: ReservationRecord[], today: string): void {
  const past = picked.filter((r) => r.date < today).sort((a, b) => b.date.localeCompare(a.date));
  past.forEach((r, i) => Object.assign(r, { status: i < 2 ? 'no_show' : 'completed', canceled_at: null }));
  for (const r of picked.filter((r) => r.date > today)) Object.assign(r, { status: 'confirmed', canceled_at: null });
}
