'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useId, useRef, useState, useTransition } from 'react';

import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import {
  buildFilterParams,
  checkCondition,
  duplicate,
  FilterError,
  RESERVATION_FILTERS,
  toQueryString,
  type Condition,
} from '@/lib/guestbook/filters';
import { translateSaid } from '@/lib/i18n/said';
import { searchPageHref } from '@/lib/reservations/search-page';

import { ConditionRow } from './condition-row';
import { FilterPresets, type VenueDay } from './filter-presets';
import { newRow, toCondition, type Attribute, type Row } from './filter-rows';

export function FilterBuilder({
  initialConditions,
  sort,
  today,
  localeNames,
}: {
  initialConditions: Condition[];
  sort: string | null;
  /** the guests' languages by code, in the member's language */
  localeNames: Readonly<Record<string, string>>;
  /** the venues' date, read on the server (venuesToday) */
  today: Promise<VenueDay>;
}) {
  const t = useTranslations('reservations.filters');
  const tr = useTranslations();
  /** A condition's problem in the member's language. */
  const problemOf = (e: FilterError) => translateSaid(tr, e.said);
  const router = useRouter();
  const baseId = useId();
  const errorIdOf = (key: number) => `${baseId}-error-${key}`;
  const [pending, startTransition] = useTransition();
  // Row keys only tell rows apart; they start at 0 on the server and in the browser alike.
  const lastKey = useRef(Math.max(initialConditions.length, 1));
  const [rows, setRows] = useState<Row[]>(() =>
    initialConditions.length > 0
      ? initialConditions.map((c, i) => newRow(i, c.attribute as Attribute, c.modifier, c.value))
      : [newRow(0)],
  );
  const fresh = () => lastKey.current++;
  const [errors, setErrors] = useState<Record<number, string>>({});

  const update = (key: number, change: (row: Row) => Row) => {
    setRows((rs) => rs.map((r) => (r.key === key ? change(r) : r)));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  /** Runs a search: in `order` when given (a preset's), else in the current one; no condition is the whole list. */
  const go = (conditions: Condition[], order: string | null = sort) => {
    const query = toQueryString([
      ...buildFilterParams(conditions, RESERVATION_FILTERS),
      ...(order ? [['sort', order] as [string, string]] : []),
    ]);
    startTransition(() => router.push(searchPageHref(query, 1)));
  };

  const search = () => {
    const found: Record<number, string> = {};
    const seen = new Map<string, number>();
    const conditions: Condition[] = [];
    for (const row of rows) {
      try {
        const c = checkCondition(toCondition(row), RESERVATION_FILTERS);
        const k = `${c.attribute}[${c.modifier}]`;
        if (seen.has(k)) throw duplicate(c.attribute, c.modifier === 'eq' ? c.attribute : k);
        seen.set(k, row.key);
        conditions.push(c);
      } catch (e) {
        if (e instanceof FilterError) found[row.key] = problemOf(e);
        else throw e;
      }
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      go(conditions);
    } catch (e) {
      if (e instanceof FilterError)
        setErrors({ [rows.find((r) => r.attribute === e.attribute)?.key ?? rows[0]!.key]: problemOf(e) });
      else throw e;
    }
  };

  const preset = (conditions: Condition[], order?: string) => {
    setRows(
      conditions.length > 0
        ? conditions.map((c) => newRow(fresh(), c.attribute as Attribute, c.modifier, c.value))
        : [newRow(fresh())],
    );
    setErrors({});
    go(conditions, order);
  };

  return (
    <Card aria-label={t('label')} data-shortcut="search">
      <div className="flex flex-wrap items-center gap-2 pb-3">
        <span className="text-xs font-medium uppercase tracking-wide text-slate-500">{t('presets')}</span>
        <FilterPresets today={today} onPreset={preset} />
      </div>

      <form
        onSubmit={(e) => {
          e.preventDefault();
          search();
        }}
        className="space-y-3 border-t border-slate-100 pt-3"
      >
        {rows.map((row, i) => (
          <ConditionRow
            key={row.key}
            row={row}
            n={i + 1}
            errorId={errorIdOf(row.key)}
            error={errors[row.key]}
            onChange={(change) => update(row.key, change)}
            onRemove={() => {
              setRows((rs) => rs.filter((r) => r.key !== row.key));
              setErrors(({ [row.key]: _gone, ...rest }) => rest);
            }}
            localeNames={localeNames}
          />
        ))}
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="secondary"
            onClick={() => {
              const row = newRow(fresh());
              setRows((rs) => [...rs, row]);
            }}
          >
            {t('addCondition')}
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? t('searching') : t('search')}
          </Button>
          <Button variant="ghost" onClick={() => preset([])}>
            {t('clear')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
