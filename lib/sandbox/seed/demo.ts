import { createHash } from 'node:crypto';
import { SCOPES, type Scope } from '../../guestbook/token-schemas';
import type { LocaleCode } from '../../guestbook/locales';
import { prng, uuidFrom } from '../ids';
import {
  allocationKey,
  emptyWorld,
  type CommitmentRecord,
  type EntityRecord,
  type IdentityRecord,
  type ReservationRecord,
  type VenueRecord,
  type WorldData,
} from '../model';

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The demo partner's credentials: the dashboard's embedded defaults point at them. */
export const DEMO_PARTNER = {
  clientId: 'gb_partner_demo',
  clientSecret: 'sandbox-partner-demo-secret',
  identityId: uuidFrom('identity:partner'),
  name: 'Harbour & Vine Hospitality Group',
  defaultEntityId: uuidFrom('entity:harbour-vine-direct'),
} as const;

interface DelegateSeed {
  key: string;
  name: string;
  entity: string;
  orgId: string | null;
  locale: LocaleCode;
  suspended?: boolean;
  /** delegates never hold commitments:update; some cannot read their cap either */
  readsCommitments: boolean;
}

const DELEGATES: DelegateSeed[] = [
  { key: 'tablefinder', name: 'Tablefinder Travel', entity: 'Tablefinder', orgId: 'org_tablefinder', locale: 'en-GB', readsCommitments: true },
  { key: 'lisboa-concierge', name: 'Lisboa Concierge Lda', entity: 'Lisboa Concierge', orgId: 'org_lisboa_concierge', locale: 'pt-PT', readsCommitments: true },
  { key: 'gourmet-passport', name: 'Gourmet Passport', entity: 'Gourmet Passport', orgId: null, locale: 'en-US', readsCommitments: false },
  { key: 'nordic-dining', name: 'Nordic Dining Club', entity: 'Nordic Dining Club', orgId: 'org_nordic_dining', locale: 'sv-SE', readsCommitments: true },
  { key: 'barcelona-bites', name: 'Barcelona Bites SL', entity: 'Barcelona Bites', orgId: 'org_barcelona_bites', locale: 'es-ES', readsCommitments: true },
  { key: 'afterhours', name: 'Afterhours Events', entity: 'Afterhours', orgId: null, locale: 'fr-FR', suspended: true, readsCommitments: false },
  { key: 'cityweekends', name: 'City Weekends GmbH', entity: 'City Weekends', orgId: 'org_city_weekends', locale: 'de-DE', readsCommitments: true },
];

const delegateCredentials = (d: DelegateSeed) => ({
  clientId: `gb_delegate_${d.key.replace(/-/g, '_')}`,
  clientSecret: `sandbox-${d.key}-secret`,
  identityId: uuidFrom(`identity:${d.key}`),
  name: d.name,
  entityId: uuidFrom(`entity:${d.key}`),
  orgId: d.orgId,
  suspended: d.suspended ?? false,
});

/** Client credentials of the demo delegates (sandbox only), for tests that call as a delegate. */
export const DEMO_DELEGATES = DELEGATES.map(delegateCredentials);

export const DEMO_PROGRAMS = [
  { id: uuidFrom('program:standard'), name: 'Standard dining' },
  { id: uuidFrom('program:chefs-table'), name: "Chef's table" },
  { id: uuidFrom('program:corporate'), name: 'Corporate events' },
  { id: uuidFrom('program:late-seating'), name: 'Late seating' },
] as const;

export const DEMO_MARKETS = [
  { id: uuidFrom('market:london'), name: 'London', country: 'GB' },
  { id: uuidFrom('market:lisbon'), name: 'Lisbon', country: 'PT' },
  { id: uuidFrom('market:barcelona'), name: 'Barcelona', country: 'ES' },
] as const;

const VENUES: { key: string; name: string; market: number; tz: string; address: VenueRecord['address']; areas: [string, string | null][] }[] = [
  { key: 'wharf', name: 'The Wharf Kitchen', market: 0, tz: 'Europe/London', address: { line1: '12 Wapping High Street', line2: null, city: 'London', postal_code: 'E1W 1NG', country: 'GB' }, areas: [['Riverside terrace', 'Heated terrace over the Thames'], ['Main room', null]] },
  { key: 'copper', name: 'Copper & Thyme', market: 0, tz: 'Europe/London', address: { line1: '4 Neal’s Yard', line2: 'First floor', city: 'London', postal_code: 'WC2H 9DP', country: 'GB' }, areas: [['Counter', 'Seats facing the open kitchen']] },
  { key: 'mayfair', name: 'Vine Room Mayfair', market: 0, tz: 'Europe/London', address: { line1: '21 Brook Street', line2: null, city: 'London', postal_code: 'W1K 4HB', country: 'GB' }, areas: [] },
  { key: 'alfama', name: 'Casa Alfama', market: 1, tz: 'Europe/Lisbon', address: { line1: 'Rua de São Miguel 18', line2: null, city: 'Lisboa', postal_code: '1100-544', country: 'PT' }, areas: [['Azulejo hall', null], ['Rooftop', 'Open from April to October']] },
  { key: 'tejo', name: 'Tejo Marisqueira', market: 1, tz: 'Europe/Lisbon', address: null, areas: [] },
  { key: 'born', name: 'Bodega del Born', market: 2, tz: 'Europe/Madrid', address: { line1: 'Carrer de l’Argenteria 37', line2: 'Local 2', city: 'Barcelona', postal_code: '08003', country: 'ES' }, areas: [['Cava bar', 'Standing tables and stools']] },
  { key: 'barceloneta', name: 'Mar de Barceloneta', market: 2, tz: 'Europe/Madrid', address: { line1: 'Passeig de Joan de Borbó 60', line2: null, city: 'Barcelona', postal_code: '08039', country: 'ES' }, areas: [['Beach terrace', null]] },
  { key: 'shoreditch', name: 'Shoreditch Smokehouse', market: 0, tz: 'Europe/London', address: { line1: '88 Curtain Road', line2: 'Unit 3', city: 'London', postal_code: 'EC2A 3AA', country: 'GB' }, areas: [['Pit room', 'Communal tables by the smoker'], ['Yard', null]] },
  { key: 'principe-real', name: 'Jardim do Príncipe', market: 1, tz: 'Europe/Lisbon', address: { line1: 'Praça do Príncipe Real 5', line2: null, city: 'Lisboa', postal_code: '1250-184', country: 'PT' }, areas: [['Garden', 'Under the cedar; closed in heavy rain']] },
  { key: 'eixample', name: 'Eixample Taller', market: 2, tz: 'Europe/Madrid', address: { line1: 'Carrer de Mallorca 214', line2: null, city: 'Barcelona', postal_code: '08008', country: 'ES' }, areas: [] },
  { key: 'gracia', name: 'Gràcia Garden', market: 2, tz: 'Europe/Madrid', address: { line1: 'Carrer de Verdi 9', line2: null, city: 'Barcelona', postal_code: '08012', country: 'ES' }, areas: [] },
];

const FIRST = ['Amelia', 'Noah', 'Sofia', 'Liam', 'Inês', 'Mateo', 'Freya', 'Lucas', 'Chloé', 'Jonas', 'Aisha', 'Hugo', 'Marta', 'Oscar', 'Yuki', 'Elena', 'Rui', 'Clara', 'Felix', 'Nadia'];
const LAST = ['Hughes', 'Silva', 'García', 'Andersson', 'Müller', 'Dubois', 'Okafor', 'Rossi', 'Tanaka', 'Costa', 'Byrne', 'Novak', 'Fischer', 'Moreau', 'Ferreira', 'Lindqvist', 'Patel', 'Romero', 'Walsh', 'Kowalski'];

const CREATED = '2026-03-02T09:00:00Z';

/** Every-evening blocks at a venue with seating areas are scoped to its first area; the others to none. */
const scopedArea = (venue: VenueRecord, days: number[]): string | null => (venue.seating_areas.length && days.length > 5 ? venue.seating_areas[0]!.id : null);

function entityRecord(key: string, name: string, orgId: string | null, locale: LocaleCode, programs: [string, boolean][]): EntityRecord {
  return {
    id: uuidFrom(`entity:${key}`),
    name,
    org_id: orgId,
    active: true,
    default_program_id: programs[0]?.[0] ?? null,
    default_locale: locale,
    programs: programs.map(([program_id, unallocated_seat_access]) => ({ program_id, unallocated_seat_access })),
    logo: null,
    created_at: CREATED,
    updated_at: CREATED,
  };
}

/** A delegate of the partner: its identity, assigned its one entity, and its credentials. */
function addDelegate(w: WorldData, d: DelegateSeed, partnerId: string, at: string): void {
  const cred = delegateCredentials(d);
  w.identities.set(cred.identityId, {
    id: cred.identityId,
    type: 'delegate',
    name: d.name,
    client_id: cred.clientId,
    suspended_at: d.suspended ? '2026-10-14T16:20:00Z' : null,
    suspension_source: d.suspended ? 'self' : null,
    default_entity_id: cred.entityId,
    entity_ids: [cred.entityId],
    parent_identity_id: partnerId,
    created_at: at,
    updated_at: at,
  });
  const scopes = SCOPES.filter((s) => s !== 'commitments:update' && !s.startsWith('entities:') && (d.readsCommitments || s !== 'commitments:read'));
  w.credentials.set(cred.clientId, {
    client_id: cred.clientId,
    secret_sha256: sha256(cred.clientSecret),
    identity_id: cred.identityId,
    scopes,
    token_lifetime_seconds: 86_400,
    rate_limit_per_minute: 1_000,
  });
}

export interface SeedOptions {
  /** the date reservations are spread around (default: today, UTC) */
  today?: Date;
  /** the number of seeded reservations (default 3,000) */
  reservations?: number;
  /** grow the demo world into a large allocation grid of this size */
  grid?: GridSize;
}

/** An allocation grid's size in all, the demo world's own rows and columns included. */
export interface GridSize {
  /** commitments: the grid's rows */
  commitments: number;
  /** entities: the grid's columns */
  entities: number;
}

/** The programs each demo venue contracts blocks for (by its index in VENUES). */
const venuePrograms = (vi: number) => {
  const [standard, chefs, corporate, late] = DEMO_PROGRAMS;
  return vi % 2 === 0 ? [standard, chefs, late] : [standard, corporate];
};

/** The grid of the demo world itself: the smallest size `grid` takes. */
export const DEMO_GRID: GridSize = { commitments: VENUES.reduce((n, _, vi) => n + venuePrograms(vi).length, 0), entities: 2 + DELEGATES.length };
const GRID_MAX: GridSize = { commitments: 100_000, entities: 1_000 };

/** `2000x25` (commitments × entities) as a grid size; null unless both lie between the demo world's own and 100,000 × 1,000. */
export function parseGridSize(text: string): GridSize | null {
  const m = /^(\d{1,7})x(\d{1,5})$/.exec(text.trim());
  if (!m) return null;
  const size = { commitments: Number(m[1]), entities: Number(m[2]) };
  const within = (k: keyof GridSize) => size[k] >= DEMO_GRID[k] && size[k] <= GRID_MAX[k];
  return within('commitments') && within('entities') ? size : null;
}

/** A realistic world for one partner with delegates, venues in three markets, commitments and reservations. */
export function seedDemoWorld(options: SeedOptions = {}): WorldData {
  const w = emptyWorld();
  const rand = prng(20261122);
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

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
    entityRecord('harbour-vine-direct', 'Harbour & Vine Direct', 'org_harbour_vine_direct', 'en-GB', [[standard.id, true], [chefs.id, false], [corporate.id, false], [late.id, false]]),
    entityRecord('harbour-vine-concierge', 'Harbour & Vine Concierge', null, 'en-US', [[standard.id, false], [chefs.id, true]]),
  ];
  const delegateEntities = DELEGATES.map((d, i) =>
    entityRecord(d.key, d.entity, d.orgId, d.locale, i % 3 === 0 ? [[standard.id, false], [late.id, false]] : i % 3 === 1 ? [[standard.id, true], [chefs.id, false]] : [[corporate.id, false], [standard.id, false]]),
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
        c.snapshot = Object.fromEntries([...w.allocations.values()].filter((a) => a.commitment_id === c.id).map((a) => [a.entity_id, a.entity_seats]));
      }
    });
  });

  // Reservations around today, mostly on commitment seats.
  const today = options.today ?? new Date();
  const day0 = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const count = options.reservations ?? 3_000;
  const live = commitments.filter((c) => !w.agreements.get(c.agreement_id)!.ended_at);
  const holdersOf = new Map<string, { entity_id: string }[]>();
  for (const a of w.allocations.values()) holdersOf.set(a.commitment_id, [...(holdersOf.get(a.commitment_id) ?? []), a]);
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
    const status = offset < 0 ? pick(['completed', 'completed', 'completed', 'no_show', 'canceled']) : pick(['confirmed', 'confirmed', 'confirmed', 'pending', 'canceled']);
    const first = pick(FIRST);
    const last = pick(LAST);
    const createdAt = new Date(day0 + (offset - 1 - Math.floor(rand() * 20)) * 86_400_000 + Math.floor(rand() * 86_400_000)).toISOString().replace(/\.\d{3}Z$/, 'Z');
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
      guest: { first_name: first, last_name: last, email: `${first}.${last}${i}@example.com`.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, ''), phone: rand() < 0.7 ? `+44 20 7946 ${String(1000 + i).slice(-4)}` : null },
      notes: rand() < 0.2 ? pick(['Window table please', 'Celebrating a birthday', 'One guest is vegetarian', 'Arriving by wheelchair']) : null,
      locale: rand() < 0.7 ? e.default_locale : pick(['en-US', 'fr-FR', 'de-DE', 'es-ES', 'pt-PT'] as LocaleCode[]),
      created_at: createdAt,
      updated_at: createdAt,
      canceled_at: status === 'canceled' ? createdAt : null,
    };
    w.reservations.set(r.id, r);
  }
  if (options.grid) growGrid(w, options.grid);
  return w;
}

const GRID_DELEGATES = [
  'Atlas Concierge', 'Bellhop Travel', 'Citybreak Collective', 'Dine Around Iberia', 'Eurotable Tours', 'Feast & Fare',
  'Grand Tour Suppers', 'Hotelier Connect', 'Island Hop Travel', 'Journey Kitchen', 'Kestrel Business Travel', 'Local Plates',
  'Midnight Supper Club', 'Northbound Trips', 'Old Town Walks', 'Portside Cruises', 'Quayside Concierge', 'Riverboat Dining',
  'Saffron Trails', 'Tapas Trail Co',
];
const GRID_BRANDS = ['Events', 'Private Dining', 'Members Club', 'Weddings', 'Corporate Travel'];
const GRID_LOCALES: LocaleCode[] = ['en-GB', 'es-ES', 'pt-PT', 'de-DE', 'fr-FR', 'nl-NL', 'it-IT', 'sv-SE', 'en-US'];
const GRID_PATTERNS: [number[], string, string][] = [
  [[1, 2, 3, 4, 5], '12:00', '15:00'],
  [[1, 2, 3, 4, 5, 6, 7], '18:00', '22:30'],
  [[5, 6], '21:30', '23:30'],
  [[6, 7], '11:00', '15:30'],
  [[2, 3, 4], '19:00', '21:30'],
  [[4, 5, 6], '17:30', '20:00'],
  [[1], '12:30', '14:30'],
  [[3, 4, 5, 6, 7], '20:00', '23:00'],
  [[7], '12:00', '16:00'],
];

/**
 * The demo world grown into a large allocation grid (see `SeedOptions.grid`). New entities are
 * mostly delegates' (one each, with credentials like the demo delegates'), every fifth one the
 * partner's own; all are assigned to the partner, a few on the legacy header context. New
 * commitments spread over the demo venues, programs, agreements and day patterns; some are held
 * by nobody, some by several entities, some to the last seat, and those of the ended agreement
 * keep their snapshot. The demo's own records stay as they are; the partner gains the entities.
 */
function growGrid(w: WorldData, size: GridSize): void {
  if (size.commitments < w.commitments.size || size.entities < w.entities.size) {
    throw new RangeError(`A grid of ${size.commitments}x${size.entities} is smaller than the demo world's own ${w.commitments.size}x${w.entities.size}.`);
  }
  const rand = prng(20260125);
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const [standard, chefs, corporate, late] = DEMO_PROGRAMS;
  const access: [string, boolean][][] = [
    [[standard.id, false], [late.id, false]],
    [[standard.id, true], [chefs.id, false]],
    [[corporate.id, false], [standard.id, false]],
    [[chefs.id, false], [late.id, true]],
  ];
  const partner = w.identities.get(DEMO_PARTNER.identityId)!;
  const named = (names: readonly string[], j: number) => `${names[j % names.length]}${j >= names.length ? ` ${Math.floor(j / names.length) + 1}` : ''}`;
  const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  const added: EntityRecord[] = [];
  for (let k = 0; w.entities.size < size.entities; k++) {
    const own = k % 5 === 4;
    const j = own ? Math.floor(k / 5) : k - Math.floor(k / 5);
    const name = own ? `Harbour & Vine ${named(GRID_BRANDS, j)}` : named(GRID_DELEGATES, j);
    const key = `grid-${slug(name)}`;
    const orgId = k % 6 === 5 ? null : `org_${slug(name).replace(/-/g, '_')}`;
    const locale = GRID_LOCALES[k % GRID_LOCALES.length]!;
    const e = entityRecord(key, name, orgId, locale, own ? [[standard.id, true], [chefs.id, false], [corporate.id, false]] : access[j % access.length]!);
    w.entities.set(e.id, e);
    added.push(e);
    if (!own) {
      const at = new Date(Date.UTC(2026, 3, 1) + j * 2 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
      addDelegate(w, { key, name, entity: name, orgId, locale, readsCommitments: true }, partner.id, at);
    }
  }
  w.identities.set(partner.id, { ...partner, entity_ids: [...partner.entity_ids, ...added.map((e) => e.id)] });

  const entities = [...w.entities.values()];
  const eligible = new Map(DEMO_PROGRAMS.map((p) => [p.id, entities.filter((e) => e.programs.some((ep) => ep.program_id === p.id))]));
  const venues = [...w.venues.values()];
  const agreements = [...w.agreements.values()];
  const ended = agreements.find((a) => a.ended_at)!;
  const [current, popUps] = agreements.filter((a) => !a.ended_at);
  const programs = [standard, standard, standard, chefs, corporate, late];
  for (let k = 0; w.commitments.size < size.commitments; k++) {
    const program = pick(programs);
    const roll = rand();
    const agreement = roll < 0.06 ? ended : roll < 0.25 ? popUps! : current!;
    const [days, start, end] = pick(GRID_PATTERNS);
    const c: CommitmentRecord = {
      id: uuidFrom(`commitment:grid:${k}`),
      venue_id: venues[k % venues.length]!.id,
      program_id: program.id,
      agreement_id: agreement.id,
      days_of_week: days,
      start_time: start,
      end_time: end,
      total_seats: 10 + Math.floor(rand() * 51),
      seating_area_id: scopedArea(venues[k % venues.length]!, days),
      snapshot: null,
    };
    w.commitments.set(c.id, c);
    // An ended commitment is seen only by the entities that held seats when it ended.
    const pool = agreement.ended_at || rand() >= 0.15 ? [...eligible.get(program.id)!] : [];
    const holders: EntityRecord[] = [];
    const wanted = 1 + Math.floor(rand() * 4);
    while (holders.length < wanted && pool.length) holders.push(pool.splice(Math.floor(rand() * pool.length), 1)[0]!);
    const toTheLastSeat = rand() < 0.3;
    let left = c.total_seats;
    const seats: Record<string, number> = {};
    holders.forEach((e, i) => {
      if (left === 0) return;
      const taken = toTheLastSeat && i === holders.length - 1 ? left : Math.max(1, Math.floor(left * (0.15 + rand() * 0.4)));
      left -= taken;
      seats[e.id] = taken;
      w.allocations.set(allocationKey(e.id, c.id), { entity_id: e.id, commitment_id: c.id, entity_seats: taken });
    });
    if (agreement.ended_at) c.snapshot = seats;
  }
}
