import { createHash } from 'node:crypto';
import { SCOPES } from '../../guestbook/token-schemas';
import type { LocaleCode } from '../../guestbook/locales';
import { uuidFrom } from '../ids';
import type { EntityRecord, VenueRecord, WorldData } from '../model';

/** The demo world's fixed parts: its partner, delegates, programs, markets and venues, and the builders of its records. */

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The demo partner's credentials: the dashboard's embedded defaults point at them. */
export const DEMO_PARTNER = {
  clientId: 'gb_partner_demo',
  clientSecret: 'sandbox-partner-demo-secret',
  identityId: uuidFrom('identity:partner'),
  name: 'Harbour & Vine Hospitality Group',
  defaultEntityId: uuidFrom('entity:harbour-vine-direct'),
} as const;

export interface DelegateSeed {
  key: string;
  name: string;
  entity: string;
  orgId: string | null;
  locale: LocaleCode;
  suspended?: boolean;
  /** delegates never hold commitments:update; some cannot read their cap either */
  readsCommitments: boolean;
}

export const DELEGATES: DelegateSeed[] = [
  { key: 'tablefinder', name: 'Tablefinder Travel', entity: 'Tablefinder', orgId: 'org_tablefinder', locale: 'en-GB', readsCommitments: true },
  { key: 'lisboa-concierge', name: 'Lisboa Concierge Lda', entity: 'Lisboa Concierge', orgId: 'org_lisboa_concierge', locale: 'pt-PT', readsCommitments: true },
  { key: 'gourmet-passport', name: 'Gourmet Passport', entity: 'Gourmet Passport', orgId: null, locale: 'en-US', readsCommitments: false },
  { key: 'nordic-dining', name: 'Nordic Dining Club', entity: 'Nordic Dining Club', orgId: 'org_nordic_dining', locale: 'sv-SE', readsCommitments: true },
  { key: 'barcelona-bites', name: 'Barcelona Bites SL', entity: 'Barcelona Bites', orgId: 'org_barcelona_bites', locale: 'es-ES', readsCommitments: true },
  { key: 'afterhours', name: 'Afterhours Events', entity: 'Afterhours', orgId: null, locale: 'fr-FR', suspended: true, readsCommitments: false },
  { key: 'cityweekends', name: 'City Weekends GmbH', entity: 'City Weekends', orgId: 'org_city_weekends', locale: 'de-DE', readsCommitments: true },
];

export const delegateCredentials = (d: DelegateSeed) => ({
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

export const VENUES: { key: string; name: string; market: number; tz: string; address: VenueRecord['address']; areas: [string, string | null][] }[] = [
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

export const FIRST = ['Amelia', 'Noah', 'Sofia', 'Liam', 'Inês', 'Mateo', 'Freya', 'Lucas', 'Chloé', 'Jonas', 'Aisha', 'Hugo', 'Marta', 'Oscar', 'Yuki', 'Elena', 'Rui', 'Clara', 'Felix', 'Nadia'];
export const LAST = ['Hughes', 'Silva', 'García', 'Andersson', 'Müller', 'Dubois', 'Okafor', 'Rossi', 'Tanaka', 'Costa', 'Byrne', 'Novak', 'Fischer', 'Moreau', 'Ferreira', 'Lindqvist', 'Patel', 'Romero', 'Walsh', 'Kowalski'];

export const CREATED = '2026-03-02T09:00:00Z';

/** Every-evening blocks at a venue with seating areas are scoped to its first area; the others to none. */
export const scopedArea = (venue: VenueRecord, days: number[]): string | null => (venue.seating_areas.length && days.length > 5 ? venue.seating_areas[0]!.id : null);

export function entityRecord(key: string, name: string, orgId: string | null, locale: LocaleCode, programs: [string, boolean][]): EntityRecord {
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
export function addDelegate(w: WorldData, d: DelegateSeed, partnerId: string, at: string): void {
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
export const venuePrograms = (vi: number) => {
  const [standard, chefs, corporate, late] = DEMO_PROGRAMS;
  return vi % 2 === 0 ? [standard, chefs, late] : [standard, corporate];
};

/** The grid of the demo world itself: the smallest size `grid` takes. */
export const DEMO_GRID: GridSize = { commitments: VENUES.reduce((n, _, vi) => n + venuePrograms(vi).length, 0), entities: 2 + DELEGATES.length };
export const GRID_MAX: GridSize = { commitments: 100_000, entities: 1_000 };

/** `2000x25` (commitments × entities) as a grid size; null unless both lie between the demo world's own and 100,000 × 1,000. */
export function parseGridSize(text: string): GridSize | null {
  const m = /^(\d{1,7})x(\d{1,5})$/.exec(text.trim());
  if (!m) return null;
  const size = { commitments: Number(m[1]), entities: Number(m[2]) };
  const within = (k: keyof GridSize) => size[k] >= DEMO_GRID[k] && size[k] <= GRID_MAX[k];
  return within('commitments') && within('entities') ? size : null;
}

