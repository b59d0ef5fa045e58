import { z } from 'zod';

export const GRID_STATUSES = ['assigned', 'unassigned', 'ended'] as const;
export type GridStatus = (typeof GRID_STATUSES)[number];

export interface GridFilters {
  /** rows where some managed entity's cell has one of these statuses (union); empty = all */
  status: GridStatus[];
  venue: string | null;
  program: string | null;
}

const list = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : v.split(','));
const uuid = z.guid();

/** Filters from the URL; unknown values are dropped rather than failing the page. */
export function readGridFilters(params: Record<string, string | string[] | undefined>): GridFilters {
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const venue = one(params.venue);
  const program = one(params.program);
  return {
    status: list(params.status).filter((s): s is GridStatus => (GRID_STATUSES as readonly string[]).includes(s)),
    venue: venue && uuid.safeParse(venue).success ? venue : null,
    program: program && uuid.safeParse(program).success ? program : null,
  };
}

export function gridFiltersQuery(f: GridFilters): string {
  const q = new URLSearchParams();
  if (f.status.length) q.set('status', f.status.join(','));
  if (f.venue) q.set('venue', f.venue);
  if (f.program) q.set('program', f.program);
  const s = q.toString();
  return s ? `?${s}` : '';
}
