import type { StaffRole } from '../lib/auth/roles';
import { uuidFrom } from '../lib/sandbox/ids';

/** A venue of the demo world, for the booking actions' rows and the reads that name one. */
export const MATRIX_VENUE = uuidFrom('venue:wharf');

/** A date some days ahead, for a read that must name a future day. */
const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Every read route the browser calls after the page loaded (GET, search params as the input),
 * with the role it needs and well-formed params. The matrix and the fuzzing use these rows.
 */
export const READS: Record<
  string,
  {
    audit: string;
    role: StaffRole;
    path: (entityId: string) => string;
    params: (entityId: string) => Record<string, string | string[]>;
  }
> = {
  'app/api/request-budget/route.ts': {
    audit: 'read-request-budget',
    role: 'viewer',
    path: () => '/api/request-budget',
    params: () => ({}),
  },
  'app/api/overview/today/route.ts': {
    audit: 'read-overview-today',
    role: 'viewer',
    path: () => '/api/overview/today',
    params: () => ({ scope: 'partner' }),
  },
  'app/api/reservations/search/route.ts': {
    audit: 'search-reservation-page',
    role: 'viewer',
    path: () => '/api/reservations/search',
    params: () => ({ query: 'status[in]=confirmed&sort=-date', page: '2', lane: 'background' }),
  },
  'app/api/search/route.ts': {
    audit: 'global-search',
    role: 'viewer',
    path: () => '/api/search',
    params: () => ({ q: 'Harbour' }),
  },
  'app/api/entities/[id]/logo/route.ts#GET': {
    audit: 'read-entity-logo',
    role: 'viewer',
    path: (entityId) => `/api/entities/${entityId}/logo`,
    params: () => ({}),
  },
  'app/api/entities/[id]/program-change/route.ts': {
    audit: 'preview-program-change',
    role: 'admin',
    path: (entityId) => `/api/entities/${entityId}/program-change`,
    params: () => ({ programIds: [] }),
  },
  'app/api/allocations/seats-booked/route.ts': {
    audit: 'read-seats-booked',
    role: 'operator',
    path: () => '/api/allocations/seats-booked',
    params: (entityId) => ({ entityId, commitmentIds: ['00000000-0000-4000-8000-000000000002'] }),
  },
  'app/api/presence/route.ts': {
    audit: 'read-presence',
    role: 'viewer',
    path: () => '/api/presence',
    params: () => ({ place: 'allocations', editing: 'false' }),
  },
  'app/api/notifications/unread/route.ts': {
    audit: 'read-unread-notifications',
    role: 'viewer',
    path: () => '/api/notifications/unread',
    params: () => ({}),
  },
  'app/api/bulk-jobs/route.ts': {
    audit: 'read-bulk-jobs',
    role: 'viewer',
    path: () => '/api/bulk-jobs',
    params: () => ({}),
  },
  'app/api/guests/history/route.ts': {
    audit: 'read-guest-history',
    role: 'viewer',
    path: () => '/api/guests/history',
    params: () => ({ email: 'matrix.guest@example.com' }),
  },
  'app/api/availability/route.ts': {
    audit: 'search-availability',
    role: 'operator',
    path: () => '/api/availability',
    params: (entityId) => ({ entityId, venueId: MATRIX_VENUE, date: daysAhead(7), partySize: '2' }),
  },
};

/** The URL of a read route with its params (a list repeats its param), for an entity where the read names one. */
export function readUrl(base: string, file: string, entityId: string, params = READS[file]!.params(entityId)): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) for (const one of Array.isArray(v) ? v : [v]) search.append(k, one);
  const query = search.toString();
  return `${base}${READS[file]!.path(entityId)}${query ? `?${query}` : ''}`;
}
