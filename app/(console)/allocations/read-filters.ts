import { z } from 'zod';

import { GRID_STATUSES, type GridFilters, type GridStatus } from './filters';

// Server-side only: the grid's client components import ./filters, which stays free of zod.
const list = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : v.split(','));
const uuid = z.guid();

/** Filters from the URL; unknown values are dropped rather than failing the page. */
export function readGridFilters(params: Record<string, string | string[] | undefined>): GridFilters {
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const venue = one(params.venue);
  const program = one(params.program);
  const commitment = one(params.commitment);
  return {
    status: list(params.status).filter((s): s is GridStatus => (GRID_STATUSES as readonly string[]).includes(s)),
    venue: venue && uuid.safeParse(venue).success ? venue : null,
    program: program && uuid.safeParse(program).success ? program : null,
    commitment: commitment && uuid.safeParse(commitment).success ? commitment : null,
  };
}
