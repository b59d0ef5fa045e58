'use client';

import { useTranslations } from 'next-intl';

import { Card } from '@/components/ui/card';
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
  const t = useTranslations('allocations');
  return (
    <Card>
      <div className="flex flex-wrap items-end gap-4 text-sm">
        <fieldset className="flex flex-wrap items-center gap-x-3">
          <legend className="sr-only">{t('statusLegend')}</legend>
          {GRID_STATUSES.map((s) => (
            <label key={s} className="flex min-h-11 items-center gap-1.5 sm:min-h-6">
              <Checkbox
                checked={statuses.includes(s)}
                onChange={(e) => onStatuses(e.target.checked ? [...statuses, s] : statuses.filter((x) => x !== s))}
              />
              {t(`status.${s}`)}
            </label>
          ))}
        </fieldset>
        <ScopeSelect
          label={t('venue')}
          all={t('allVenues')}
          value={filters.venue}
          options={venues}
          onChange={(venue) => onScope({ venue })}
        />
        <ScopeSelect
          label={t('program')}
          all={t('allPrograms')}
          value={filters.program}
          options={programs}
          onChange={(program) => onScope({ program })}
        />
        <span className="ml-auto text-slate-500" data-testid="allocation-count">
          {count}
        </span>
      </div>
    </Card>
  );
}

/** A venue or program to read, or all of them (null). */
function ScopeSelect({
  label,
  all,
  value,
  options,
  onChange,
}: {
  label: string;
  all: string;
  value: string | null;
  options: { id: string; name: string }[];
  onChange: (next: string | null) => void;
}) {
  return (
    <label className="flex items-center gap-2 max-sm:w-full">
      {label}
      <Select
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value || null)}
        className="min-h-11 min-w-0 py-1.5 max-sm:flex-1 sm:min-h-0 sm:w-auto"
      >
        <option value="">{all}</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </Select>
    </label>
  );
}
