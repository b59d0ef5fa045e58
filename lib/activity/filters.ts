/**
 * The activity log's filters, as the page's address and the export's query carry them, and the
 * readable form of a row's change. Plain TypeScript: the page, the export route and the tests
 * share it.
 */
import { z } from 'zod';

import { addDays, startOfDay } from '../format/days';
import { ACTIVITY_KINDS } from './visibility';

export const ACTIVITY_PAGE_SIZES = [25, 50, 100, 200] as const;
export const ACTIVITY_RESULTS = ['ok', 'refused', 'failed'] as const;

const Day = z.iso.date({ error: 'must be a date (YYYY-MM-DD)' });

/** A position in the log, newest first: the last row shown, as `<at ISO>_<id>`. */
const Cursor = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z_[0-9a-f-]{36}$/, { error: 'is not a position in the log' });

/** Unknown or malformed filters are dropped (the page opens unfiltered on them) rather than refused. */
export const ActivityFiltersSchema = z.object({
  kind: z.enum(ACTIVITY_KINDS).default('changes').catch('changes'),
  staff: z.string().trim().toLowerCase().min(1).max(200).optional().catch(undefined),
  action: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,100}$/)
    .optional()
    .catch(undefined),
  result: z.enum(ACTIVITY_RESULTS).optional().catch(undefined),
  /** one record's history: the rows about the reservation, entity or member with this id */
  record: z.guid().optional().catch(undefined),
  from: Day.optional().catch(undefined),
  to: Day.optional().catch(undefined),
  cursor: Cursor.optional().catch(undefined),
  limit: z.coerce
    .number()
    .pipe(z.union(ACTIVITY_PAGE_SIZES.map((n) => z.literal(n))))
    .default(50)
    .catch(50),
});
export type ActivityFilters = z.output<typeof ActivityFiltersSchema>;

/** The filters of a URL's query (the first value of a repeated key), empty values as unset. */
export function activityFilters(
  params: Record<string, string | string[] | undefined> | URLSearchParams,
): ActivityFilters {
  const get = (k: string) => {
    const v = params instanceof URLSearchParams ? params.get(k) : params[k];
    const first = Array.isArray(v) ? v[0] : v;
    return first === '' || first === null ? undefined : first;
  };
  return ActivityFiltersSchema.parse(
    Object.fromEntries(
      ['kind', 'staff', 'action', 'result', 'record', 'from', 'to', 'cursor', 'limit'].map((k) => [k, get(k)]),
    ),
  );
}

/** The query string of `filters` (without the cursor unless given), for links and the export. */
export function activityQuery(filters: Partial<ActivityFilters>, cursor?: string): string {
  const q = new URLSearchParams();
  if (filters.kind && filters.kind !== 'changes') q.set('kind', filters.kind);
  for (const k of ['staff', 'action', 'result', 'record', 'from', 'to'] as const) if (filters[k]) q.set(k, filters[k]);
  if (filters.limit && filters.limit !== 50) q.set('limit', String(filters.limit));
  if (cursor) q.set('cursor', cursor);
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** The time range of a day filter: from the start of `from` to the end of `to`, days in the member's zone. */
export function dayRange(filters: Pick<ActivityFilters, 'from' | 'to'>, timeZone = 'UTC'): { from?: Date; to?: Date } {
  return {
    from: filters.from ? startOfDay(filters.from, timeZone) : undefined,
    to: filters.to ? startOfDay(addDays(filters.to, 1), timeZone) : undefined,
  };
}

export const cursorOf = (row: { at: Date; id: string }) => `${row.at.toISOString()}_${row.id}`;
export const parseCursor = (cursor: string) => {
  const i = cursor.lastIndexOf('_');
  return { at: new Date(cursor.slice(0, i)), id: cursor.slice(i + 1) };
};

export interface ChangedField {
  field: string;
  /** the value as text; `—` when not recorded on this side; null when recorded as null (the page says "none" in the reader's language) */
  before: string | null;
  after: string | null;
}

const shown = (v: unknown): string | null =>
  v === undefined ? '—' : v === null ? null : typeof v === 'string' ? v : JSON.stringify(v);

/**
 * A row's change as the fields that differ, one level into nested objects (`guest.email`): what a
 * person reads, instead of two JSON documents. A value recorded on one side only shows `—` on
 * the other; a null value is null, for the page to name.
 */
export function changedFields(before: unknown, after: unknown): ChangedField[] {
  const flat = (v: unknown): Record<string, unknown> => {
    if (v === null || v === undefined) return {};
    if (typeof v !== 'object' || Array.isArray(v)) return { value: v };
    const out: Record<string, unknown> = {};
    for (const [k, val] of Object.entries(v as Record<string, unknown>)) {
      if (val && typeof val === 'object' && !Array.isArray(val))
        for (const [k2, v2] of Object.entries(val as Record<string, unknown>)) out[`${k}.${k2}`] = v2;
      else out[k] = val;
    }
    return out;
  };
  const [b, a] = [flat(before), flat(after)];
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields
    .filter((f) => JSON.stringify(b[f]) !== JSON.stringify(a[f]))
    .map((field) => ({ field, before: shown(b[field]), after: shown(a[field]) }));
}
