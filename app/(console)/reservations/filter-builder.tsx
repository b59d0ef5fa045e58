'use client';

import { useRouter } from 'next/navigation';
import { useId, useRef, useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox, Input, Select } from '@/components/ui/input';
import {
  buildFilterParams,
  checkCondition,
  FilterError,
  isListModifier,
  MODIFIERS_BY_TYPE,
  RESERVATION_FILTERS,
  toQueryString,
  type Condition,
  type FieldSpec,
  type Modifier,
} from '@/lib/guestbook/filters';
import { localDate, newRow, toCondition, type Attribute, type Row } from './filter-rows';

const ATTRIBUTES = Object.keys(RESERVATION_FILTERS) as Attribute[];
const spec = (a: Attribute): FieldSpec => RESERVATION_FILTERS[a];

const MODIFIER_LABELS: Record<Modifier, string> = {
  eq: 'is',
  neq: 'is not',
  in: 'is any of',
  nin: 'is none of',
  gte: 'is at least',
  lte: 'is at most',
};
const modifierLabel = (m: Modifier, s: FieldSpec) =>
  s.type === 'date' || s.type === 'timestamp' ? (m === 'gte' ? 'is on or after' : m === 'lte' ? 'is on or before' : MODIFIER_LABELS[m]) : MODIFIER_LABELS[m];

export function FilterBuilder({ initialConditions, sort }: { initialConditions: Condition[]; sort: string | null }) {
  const router = useRouter();
  const baseId = useId();
  const [pending, startTransition] = useTransition();
  // Row keys only tell rows apart; they start at 0 on the server and in the browser alike.
  const lastKey = useRef(Math.max(initialConditions.length, 1));
  const [rows, setRows] = useState<Row[]>(() =>
    initialConditions.length > 0 ? initialConditions.map((c, i) => newRow(i, c.attribute as Attribute, c.modifier, c.value)) : [newRow(0)],
  );
  const fresh = () => lastKey.current++;
  const [errors, setErrors] = useState<Record<number, string>>({});

  const update = (key: number, change: (row: Row) => Row) => {
    setRows((rs) => rs.map((r) => (r.key === key ? change(r) : r)));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  const go = (conditions: Condition[]) => {
    const query = toQueryString([...buildFilterParams(conditions, RESERVATION_FILTERS), ...(sort ? [['sort', sort] as [string, string]] : [])]);
    startTransition(() => router.push(`/reservations${query ? `?${query}` : ''}`));
  };

  const search = () => {
    const found: Record<number, string> = {};
    const seen = new Map<string, number>();
    const conditions: Condition[] = [];
    for (const row of rows) {
      try {
        const c = checkCondition(toCondition(row), RESERVATION_FILTERS);
        const k = `${c.attribute}[${c.modifier}]`;
        if (seen.has(k)) throw new FilterError(c.attribute, `${c.modifier === 'eq' ? c.attribute : k} is given more than once`);
        seen.set(k, row.key);
        conditions.push(c);
      } catch (e) {
        if (e instanceof FilterError) found[row.key] = e.message;
        else throw e;
      }
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      go(conditions);
    } catch (e) {
      if (e instanceof FilterError) setErrors({ [rows.find((r) => r.attribute === e.attribute)?.key ?? rows[0]!.key]: e.message });
      else throw e;
    }
  };

  const preset = (conditions: Condition[]) => {
    setRows(conditions.length > 0 ? conditions.map((c) => newRow(fresh(), c.attribute as Attribute, c.modifier, c.value)) : [newRow(fresh())]);
    setErrors({});
    go(conditions);
  };

  // Inline controls of a condition row: as wide as their content, not the row.
  const control = 'w-auto py-1.5';

  return (
    <section aria-label="Search reservations" className="rounded-lg bg-surface px-4 py-4 shadow-sm ring-1 ring-slate-200 sm:px-5">
      <div className="flex flex-wrap items-center gap-2 pb-3">
        <span className="text-xs font-medium uppercase tracking-wide text-slate-500">Presets</span>
        <Button variant="secondary" onClick={() => preset([{ attribute: 'date', modifier: 'eq', value: localDate() }])}>
          Today
        </Button>
        <Button
          variant="secondary"
          onClick={() =>
            preset([
              { attribute: 'status', modifier: 'eq', value: 'confirmed' },
              { attribute: 'date', modifier: 'gte', value: localDate() },
            ])
          }
        >
          Upcoming confirmed
        </Button>
        <Button
          variant="secondary"
          onClick={() =>
            preset([
              { attribute: 'status', modifier: 'eq', value: 'no_show' },
              { attribute: 'date', modifier: 'gte', value: localDate(-7) },
              { attribute: 'date', modifier: 'lte', value: localDate() },
            ])
          }
        >
          No-shows last 7 days
        </Button>
      </div>

      <form
        onSubmit={(e) => {
          e.preventDefault();
          search();
        }}
        className="space-y-3 border-t border-slate-100 pt-3"
      >
        {rows.map((row, i) => {
          const s = spec(row.attribute);
          const n = i + 1;
          const errorId = `${baseId}-error-${row.key}`;
          const error = errors[row.key];
          const described = error ? { 'aria-describedby': errorId, 'aria-invalid': true } : {};
          return (
            <div key={row.key} data-testid="filter-row" className="rounded-md bg-slate-50 px-3 py-2">
              <div className="flex flex-wrap items-start gap-2">
                <Select
                  aria-label={`Attribute ${n}`}
                  className={control}
                  value={row.attribute}
                  onChange={(e) => {
                    const attribute = e.target.value as Attribute;
                    const allowed = MODIFIERS_BY_TYPE[spec(attribute).type];
                    update(row.key, (r) => ({ ...r, attribute, modifier: allowed.includes(r.modifier) ? r.modifier : allowed[0]!, text: '', picked: [] }));
                  }}
                >
                  {ATTRIBUTES.map((a) => (
                    <option key={a} value={a}>
                      {spec(a).label ?? a}
                    </option>
                  ))}
                </Select>
                <Select
                  aria-label={`Modifier ${n}`}
                  className={control}
                  value={row.modifier}
                  onChange={(e) => {
                    const modifier = e.target.value as Modifier;
                    update(row.key, (r) => ({ ...r, modifier, ...(isListModifier(modifier) !== isListModifier(r.modifier) ? { text: '', picked: [] } : {}) }));
                  }}
                >
                  {MODIFIERS_BY_TYPE[s.type].map((m) => (
                    <option key={m} value={m}>
                      {modifierLabel(m, s)}
                    </option>
                  ))}
                </Select>

                {s.type === 'enum' && isListModifier(row.modifier) ? (
                  <fieldset className="flex max-w-xl flex-wrap gap-x-3 gap-y-1 py-1" {...described}>
                    <legend className="sr-only">{`Values ${n}`}</legend>
                    {s.values!.map((v) => (
                      <label key={v} className="inline-flex items-center gap-1.5 text-sm text-slate-700">
                        <Checkbox
                          checked={row.picked.includes(v)}
                          onChange={(e) => update(row.key, (r) => ({ ...r, picked: e.target.checked ? [...r.picked, v] : r.picked.filter((p) => p !== v) }))}
                        />
                        {v}
                      </label>
                    ))}
                  </fieldset>
                ) : s.type === 'enum' ? (
                  <Select aria-label={`Value ${n}`} className={control} value={row.text} onChange={(e) => update(row.key, (r) => ({ ...r, text: e.target.value }))} {...described}>
                    <option value="">Choose…</option>
                    {s.values!.map((v) => (
                      <option key={v} value={v}>
                        {v}
                      </option>
                    ))}
                  </Select>
                ) : s.type === 'date' && !isListModifier(row.modifier) ? (
                  <Input type="date" aria-label={`Value ${n}`} className={control} value={row.text} onChange={(e) => update(row.key, (r) => ({ ...r, text: e.target.value }))} {...described} />
                ) : s.type === 'timestamp' && !isListModifier(row.modifier) ? (
                  <Input
                    type="datetime-local"
                    step={1}
                    aria-label={`Value ${n} (your local time)`}
                    title="Your local time; sent to the API in UTC"
                    className={control}
                    value={row.text}
                    onChange={(e) => update(row.key, (r) => ({ ...r, text: e.target.value }))}
                    {...described}
                  />
                ) : (
                  <Input
                    type="text"
                    aria-label={`Value ${n}`}
                    className="w-full py-1.5 sm:w-64"
                    placeholder={isListModifier(row.modifier) ? 'values, separated by commas' : s.type === 'integer' ? 'a whole number' : s.type === 'uuid' ? 'a UUID' : ''}
                    inputMode={s.type === 'integer' && !isListModifier(row.modifier) ? 'numeric' : undefined}
                    value={row.text}
                    onChange={(e) => update(row.key, (r) => ({ ...r, text: e.target.value }))}
                    {...described}
                  />
                )}

                <Button
                  variant="ghost"
                  aria-label={`Remove condition ${n}`}
                  onClick={() => {
                    setRows((rs) => rs.filter((r) => r.key !== row.key));
                    setErrors(({ [row.key]: _gone, ...rest }) => rest);
                  }}
                >
                  Remove
                </Button>
              </div>
              <p id={errorId} aria-live="polite" data-testid="filter-row-error" className="text-sm text-rose-700 empty:hidden">
                {error ?? ''}
              </p>
            </div>
          );
        })}
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="secondary" onClick={() => {
              const row = newRow(fresh());
              setRows((rs) => [...rs, row]);
            }}>
            Add condition
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? 'Searching…' : 'Search'}
          </Button>
          <Button variant="ghost" onClick={() => preset([])}>
            Clear
          </Button>
        </div>
      </form>
    </section>
  );
}
