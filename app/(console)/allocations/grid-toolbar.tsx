'use client';

import { Checkbox, Select } from '@/components/ui/input';
import type { GridData } from '@/lib/server/allocations';
import { GRID_STATUSES, type GridFilters } from './filters';

interface GridToolbarProps {
  filters: GridFilters;
  statuses: GridFilters['status'];
  venues: GridData['venues'];
  programs: GridData['programs'];
  /** "Reading…" while a venue or program is read, else how many rows show */
  count: string;
  onStatuses: (next: GridFilters['status']) => void;
  onScope: (next: Pick<Partial<GridFilters>, 'venue' | 'program'>) => void;
}

/** The grid's filters: statuses among the rows read, and the venue or program to read. */
export function GridToolbar({ filters, statuses, venues, programs, count, onStatuses, onScope }: GridToolbarProps) {
  return (
    <div className="flex flex-wrap items-end gap-4 rounded-lg bg-surface p-3 text-sm ring-1 ring-slate-200">
      <fieldset className="flex items-center gap-3">
        <legend className="sr-only">Status</legend>
        {GRID_STATUSES.map((s) => (
          <label key={s} className="flex min-h-6 items-center gap-1.5">
            <Checkbox
              checked={statuses.includes(s)}
              onChange={(e) => onStatuses(e.target.checked ? [...statuses, s] : statuses.filter((x) => x !== s))}
            />
            {s}
          </label>
        ))}
      </fieldset>
      <label className="flex items-center gap-2">
        Venue
        <Select value={filters.venue ?? ''} onChange={(e) => onScope({ venue: e.target.value || null })} className="w-auto py-1.5">
          <option value="">All venues</option>
          {venues.map((v) => (
            <option key={v.id} value={v.id}>
              {v.name}
            </option>
          ))}
        </Select>
      </label>
      <label className="flex items-center gap-2">
        Program
        <Select value={filters.program ?? ''} onChange={(e) => onScope({ program: e.target.value || null })} className="w-auto py-1.5">
          <option value="">All programs</option>
          {programs.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </Select>
      </label>
      <span className="ml-auto text-slate-500" data-testid="allocation-count">
        {count}
      </span>
    </div>
  );
}
