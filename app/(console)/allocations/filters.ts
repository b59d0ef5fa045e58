export const GRID_STATUSES = ['assigned', 'unassigned', 'ended'] as const;
export type GridStatus = (typeof GRID_STATUSES)[number];

export interface GridFilters {
  /** rows where some managed entity's cell has one of these statuses (union); empty = all */
  status: GridStatus[];
  venue: string | null;
  program: string | null;
  /** the commitment the page was opened on (from Today's pacing): its row is shown and marked */
  commitment?: string | null;
}

export function gridFiltersQuery(f: GridFilters): string {
  const q = new URLSearchParams();
  if (f.status.length) q.set('status', f.status.join(','));
  if (f.venue) q.set('venue', f.venue);
  if (f.program) q.set('program', f.program);
  const s = q.toString();
  return s ? `?${s}` : '';
}
