import type { LocaleCode } from '../../guestbook/locales';
import { SCOPES, type Scope } from '../../guestbook/token-schemas';
import { prng, uuidFrom } from '../ids';
import {
  allocationKey,
  emptyWorld,
  type CommitmentRecord,
  type IdentityRecord,
  type ReservationRecord,
  type VenueRecord,
  type WorldData,
} from '../model';
import { ensureBusinessToday } from './business-day';
import { addBusyDay } from './busy-day';
import { addDelegate, entityRecord, scopedArea, sha256, type SeedOptions } from './demo-builders';
import { DELEGATES, DEMO_MARKETS, DEMO_PARTNER, DEMO_PROGRAMS, FIRST, LAST, venuePrograms, VENUES } from './demo-data';
import { growGrid } from './grid';
import { addRegulars } from './regulars';

export { DEMO_GRID, parseGridSize, sha256, type GridSize, type SeedOptions } from './demo-builders';
export { DEMO_DELEGATES, DEMO_MARKETS, DEMO_PARTNER, DEMO_PROGRAMS } from './demo-data';
export { NO_SHOW_REGULAR, REGULARS } from './regulars';

/** A realistic world for one partner with delegates, venues in three markets, commitments and reservations. */
export function seedDemoWorld(options: SeedOptions = {}): WorldData {
  const w = emptyWorld();
  const rand = prng(20261122);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

  for (const p of DEMO_PROGRAMS) w.programs.set(p.id, { ...p });
  for (const m of DEMO_MARKETS) w.markets.set(m.id, { ...m });
  const agreements = [
    { id: uuidFrom('agreement:2026'), name: 'Harbour & Vine 2026', ended_at: null },
    { id: uuidFrom('agreement:spring-2026'), name: 'Spring 2026 pop-ups', ended_at: null },
    { id: uuidFrom('agreement:winter-2025'), name: 'Winter 2025 season', ended_at: '2026-02-28T23:59:59Z' },
  ];
  for (const a of agreements) w.agreements.set(a.id, a);

  const [standard, chefs, corporate, late] = DEMO_PROGRAMS;
  const partnerEntities = [
    entityRecord('harbour-vine-direct', 'Harbour & Vine Direct', 'org_harbour_vine_direct', 'en-GB', [
      [standard.id, true],
      [chefs.id, false],
      [corporate.id, false],
      [late.id, false],
    ]),
    entityRecord('harbour-vine-concierge', 'Harbour & Vine Concierge', null, 'en-US', [
      [standard.id, false],
      [chefs.id, true],
    ]),
  ];
  const delegateEntities = DELEGATES.map((d, i) =>
    entityRecord(
      d.key,
      d.entity,
      d.orgId,
      d.locale,
      i % 3 === 0
        ? [
            [standard.id, false],
            [late.id, false],
          ]
        : i % 3 === 1
          ? [
              [standard.id, true],
              [chefs.id, false],
            ]
          : [
              [corporate.id, false],
              [standard.id, false],
            ],
    ),
  );
  for (const e of [...partnerEntities, ...delegateEntities]) w.entities.set(e.id, e);

  const allScopes = [...SCOPES] as Scope[];
  const partner: IdentityRecord = {
    id: DEMO_PARTNER.identityId,
    type: 'partner',
    name: DEMO_PARTNER.name,
    client_id: DEMO_PARTNER.clientId,
    suspended_at: null,
    suspension_source: null,
    default_entity_id: DEMO_PARTNER.defaultEntityId,
    entity_ids: [...partnerEntities, ...delegateEntities].map((e) => e.id),
    parent_identity_id: null,
    created_at: '2026-02-26T10:00:00Z',
    updated_at: '2026-06-02T08:30:00Z',
  };
  w.identities.set(partner.id, partner);
  w.credentials.set(DEMO_PARTNER.clientId, {
    client_id: DEMO_PARTNER.clientId,
    secret_sha256: sha256(DEMO_PARTNER.clientSecret),
    identity_id: partner.id,
    scopes: allScopes,
    token_lifetime_seconds: 86_400,
    rate_limit_per_minute: 1_000,
  });
  DELEGATES.forEach((d, i) => addDelegate(w, d, partner.id, `2026-0${3 + (i % 6)}-1${i}T12:00:00Z`));

  const venues = VENUES.map((v): VenueRecord => ({
    id: uuidFrom(`venue:${v.key}`),
    name: v.name,
    market_id: DEMO_MARKETS[v.market]!.id,
    time_zone: v.tz,
    address: v.address,
    seating_areas: v.areas.map(([name, description]) => ({ id: uuidFrom(`area:${v.key}:${name}`), name, description })),
  }));
  for (const v of venues) w.venues.set(v.id, v);

  // Commitments: each venue contracts blocks for two or three programs; seats are shared out
  // among the eligible entities, leaving some unallocated, so the equation holds everywhere.
  const allEntities = [...partnerEntities, ...delegateEntities];
  const patterns: [number[], string, string][] = [
    [[1, 2, 3, 4, 5], '12:00', '15:00'],
    [[1, 2, 3, 4, 5, 6, 7], '18:00', '22:30'],
    [[5, 6], '21:30', '23:30'],
    [[6, 7], '11:00', '15:30'],
  ];
  const commitments: CommitmentRecord[] = [];
  venues.forEach((v, vi) => {
    const programs = venuePrograms(vi);
    programs.forEach((p, pi) => {
      const [days, start, end] = patterns[(vi + pi) % patterns.length]!;
      const agreement = vi === 4 && pi === 1 ? agreements[2]! : pi === 2 ? agreements[1]! : agreements[0]!;
      const c: CommitmentRecord = {
        id: uuidFrom(`commitment:${v.id}:${p.id}`),
        venue_id: v.id,
        program_id: p.id,
        agreement_id: agreement.id,
        days_of_week: days,
        start_time: start,
        end_time: end,
        total_seats: 20 + Math.floor(rand() * 9) * 5,
        seating_area_id: scopedArea(v, days),
        snapshot: null,
      };
      commitments.push(c);
      w.commitments.set(c.id, c);
      let left = c.total_seats;
      for (const e of allEntities) {
        if (!e.programs.some((ep) => ep.program_id === p.id) || rand() < 0.35) continue;
        const seats = Math.min(left, 2 + Math.floor(rand() * 8));
        if (seats <= 0) break;
        left -= seats;
        w.allocations.set(allocationKey(e.id, c.id), { entity_id: e.id, commitment_id: c.id, entity_seats: seats });
      }
      if (agreement.ended_at) {
        c.snapshot = Object.fromEntries(
          [...w.allocations.values()].filter((a) => a.commitment_id === c.id).map((a) => [a.entity_id, a.entity_seats]),
        );
      }
    });
  });

  // Reservations around today, mostly on commitment seats.
  const today = options.today ?? new Date();
  const day0 = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const count = options.reservations ?? 3_000;
  const live = commitments.filter((c) => !w.agreements.get(c.agreement_id)!.ended_at);
  const holdersOf = new Map<string, { entity_id: string }[]>();
  for (const a of w.allocations.values())
    holdersOf.set(a.commitment_id, [...(holdersOf.get(a.commitment_id) ?? []), a]);
  for (let i = 0; i < count; i++) {
    const c = pick(live);
    const holders = holdersOf.get(c.id) ?? [];
    const holder = holders.length ? pick(holders).entity_id : partnerEntities[0]!.id;
    const e = w.entities.get(holder)!;
    // A date on one of the commitment's days, within 30 days either side of today.
    let offset = Math.floor(rand() * 60) - 30;
    const isoDay = (o: number) => ((new Date(day0 + o * 86_400_000).getUTCDay() + 6) % 7) + 1;
    while (!c.days_of_week.includes(isoDay(offset))) offset = offset >= 29 ? offset - 6 : offset + 1;
    const date = new Date(day0 + offset * 86_400_000).toISOString().slice(0, 10);
    const [sh, sm] = c.start_time.split(':').map(Number) as [number, number];
    const slot = sh * 60 + sm + 30 * Math.floor(rand() * 4);
    const time = `${String(Math.floor(slot / 60) % 24).padStart(2, '0')}:${String(slot % 60).padStart(2, '0')}`;
    const status =
      offset < 0
        ? pick(['completed', 'completed', 'completed', 'no_show', 'canceled'])
        : pick(['confirmed', 'confirmed', 'confirmed', 'pending', 'canceled']);
    const first = pick(FIRST);
    const last = pick(LAST);
    // Made up to 21 days before its date, and before the world's today: a booking made "later"
    // is mirrored to as long before today (a created_at ahead of the clock is one no API gives).
    const made = day0 + (offset - 1 - Math.floor(rand() * 20)) * 86_400_000 + Math.floor(rand() * 86_400_000);
    const createdAt = new Date(made < day0 ? made : 2 * day0 - made - 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const r: ReservationRecord = {
      id: uuidFrom(`reservation:${i}`),
      entity_id: e.id,
      venue_id: c.venue_id,
      commitment_id: c.id,
      program_id: c.program_id,
      seating_area_id: null,
      status,
      date,
      time,
      party_size: 1 + Math.floor(rand() * 6),
      guest: {
        first_name: first,
        last_name: last,
        email: `${first}.${last}${i}@example.com`
          .toLowerCase()
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, ''),
        phone: rand() < 0.7 ? `+44 20 7946 ${String(1000 + i).slice(-4)}` : null,
      },
      notes:
        rand() < 0.2
          ? pick(['Window table please', 'Celebrating a birthday', 'One guest is vegetarian', 'Arriving by wheelchair'])
          : null,
      locale: rand() < 0.7 ? e.default_locale : pick(['en-US', 'fr-FR', 'de-DE', 'es-ES', 'pt-PT'] as LocaleCode[]),
      created_at: createdAt,
      updated_at: createdAt,
      canceled_at: status === 'canceled' ? createdAt : null,
    };
    w.reservations.set(r.id, r);
  }
  ensureBusinessToday(w, commitments, day0);
  if (options.regulars !== false) addRegulars(w, day0);
  if (options.grid) growGrid(w, options.grid);
  if (options.busyDay) addBusyDay(w, commitments, day0, options.busyDay);
  return w;
}
