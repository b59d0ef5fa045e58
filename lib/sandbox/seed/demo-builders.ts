import { createHash } from 'node:crypto';

import type { LocaleCode } from '../../guestbook/locales';
import { SCOPES } from '../../guestbook/token-schemas';
import { uuidFrom } from '../ids';
import type { EntityRecord, VenueRecord, WorldData } from '../model';
import { CREATED, delegateCredentials, DELEGATES, venuePrograms, VENUES, type DelegateSeed } from './demo-data';

/** The builders of the demo world's records (from the fixed parts in demo-data.ts), and the sizes of its allocation grid. */

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Every-evening blocks at a venue with seating areas are scoped to its first area; the others to none. */
export const scopedArea = (venue: VenueRecord, days: number[]): string | null =>
  venue.seating_areas.length && days.length > 5 ? venue.seating_areas[0]!.id : null;

export function entityRecord(
  key: string,
  name: string,
  orgId: string | null,
  locale: LocaleCode,
  programs: [string, boolean][],
): EntityRecord {
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
  const scopes = SCOPES.filter(
    (s) => s !== 'commitments:update' && !s.startsWith('entities:') && (d.readsCommitments || s !== 'commitments:read'),
  );
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
  /** give some reservations the same guest, the demo's regulars (default: yes; seed/regulars.ts) */
  regulars?: boolean;
  /** this many more reservations of the default entity today (the benchmark's busy day; seed/busy-day.ts) */
  busyDay?: number;
}

/** An allocation grid's size in all, the demo world's own rows and columns included. */
export interface GridSize {
  /** commitments: the grid's rows */
  commitments: number;
  /** entities: the grid's columns */
  entities: number;
}

/** The grid of the demo world itself: the smallest size `grid` takes. */
export const DEMO_GRID: GridSize = {
  commitments: VENUES.reduce((n, _, vi) => n + venuePrograms(vi).length, 0),
  entities: 2 + DELEGATES.length,
};
export const GRID_MAX: GridSize = { commitments: 100_000, entities: 1_000 };

/** `2000x25` (commitments × entities) as a grid size; null unless both lie between the demo world's own and 100,000 × 1,000. */
export function parseGridSize(text: string): GridSize | null {
  const m = /^(\d{1,7})x(\d{1,5})$/.exec(text.trim());
  if (!m) return null;
  const size = { commitments: Number(m[1]), entities: Number(m[2]) };
  const within = (k: keyof GridSize) => size[k] >= DEMO_GRID[k] && size[k] <= GRID_MAX[k];
  return within('commitments') && within('entities') ? size : null;
}
