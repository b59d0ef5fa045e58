import { parseFilterQuery, type Condition, type FilterSchema, type FilterValue } from '../guestbook/filters';
import { PAGE_DEFAULT_LIMIT, PAGE_MAX_LIMIT } from '../guestbook/schemas';
import { badRequest } from './problem';

const POSITIVE_INT = /^[1-9]\d{0,8}$/;

/** page and limit of a list request; 400 naming the parameter when either is not usable. */
export function readPaging(params: URLSearchParams): { page: number; limit: number } {
  const page = params.get('page');
  const limit = params.get('limit');
  const errors: { field: string; message: string }[] = [];
  if (page !== null && !POSITIVE_INT.test(page))
    errors.push({ field: 'page', message: `"${page.slice(0, 40)}" is not a page number (1 or more)` });
  if (limit !== null && (!POSITIVE_INT.test(limit) || Number(limit) > PAGE_MAX_LIMIT)) {
    errors.push({ field: 'limit', message: `"${limit.slice(0, 40)}" is not a limit between 1 and ${PAGE_MAX_LIMIT}` });
  }
  if (errors.length) throw badRequest(errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);
  return { page: page ? Number(page) : 1, limit: limit ? Number(limit) : PAGE_DEFAULT_LIMIT };
}

export function paginate<T>(items: readonly T[], paging: { page: number; limit: number }) {
  const start = (paging.page - 1) * paging.limit;
  return {
    data: items.slice(start, start + paging.limit),
    pagination: {
      current_page: paging.page,
      total_pages: Math.max(1, Math.ceil(items.length / paging.limit)),
      total_items: items.length,
      items_per_page: paging.limit,
    },
  };
}

/** Filter conditions of a list request, parsed with the client's own grammar; 400 naming each bad parameter. */
export function readFilters(
  params: URLSearchParams,
  schema: FilterSchema,
  passthrough: readonly string[] = ['page', 'limit', 'sort'],
): Condition[] {
  const { conditions, errors } = parseFilterQuery(params, schema, passthrough);
  if (errors.length) {
    throw badRequest(
      errors.map((e) => e.message).join('; '),
      errors.map((e) => ({ field: e.attribute, message: e.message })),
    );
  }
  return conditions;
}

function compare(a: FilterValue, b: FilterValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

/** A predicate for one condition, its values normalised once. Strings may compare case-insensitively. */
export function matcher(c: Condition, caseInsensitive = false): (value: FilterValue | null | undefined) => boolean {
  const norm = (v: FilterValue) => (caseInsensitive && typeof v === 'string' ? v.toLowerCase() : v);
  const list = (Array.isArray(c.value) ? c.value : [c.value]).map(norm);
  const one = list[0]!;
  const absent = c.modifier === 'neq' || c.modifier === 'nin';
  if (c.modifier === 'in' || c.modifier === 'nin') {
    // Filter values are canonical (a number for an integer field), so set membership is exact.
    const set = new Set<FilterValue>(list);
    const inList = c.modifier === 'in';
    return (value) => (value === null || value === undefined ? absent : set.has(norm(value)) === inList);
  }
  return (value) => {
    if (value === null || value === undefined) return absent;
    const v = norm(value);
    switch (c.modifier) {
      case 'eq':
        return compare(v, one) === 0;
      case 'neq':
        return compare(v, one) !== 0;
      case 'in':
        return list.some((x) => compare(v, x) === 0);
      case 'nin':
        return !list.some((x) => compare(v, x) === 0);
      case 'gte':
        return compare(v, one) >= 0;
      case 'lte':
        return compare(v, one) <= 0;
    }
  };
}

/**
 * A predicate for a condition on a timestamp, compared as instants, not as text: as text
 * `…T10:00:00Z` sorts after `…T10:00:00.000Z` (`Z` after `.`), so `lte` would leave the same
 * instant out and `eq` miss it.
 */
export function instantMatcher(c: Condition): (value: string | null | undefined) => boolean {
  const at = (v: unknown) => Date.parse(String(v));
  const test = matcher({ ...c, value: Array.isArray(c.value) ? c.value.map(at) : at(c.value) });
  return (value) => test(value === null || value === undefined ? value : at(value));
}

/** Whether a record's value satisfies one condition. */
export function matches(value: FilterValue | null | undefined, c: Condition, caseInsensitive = false): boolean {
  return matcher(c, caseInsensitive)(value);
}

/** `sort=date` or `sort=-created_at`, limited to the allowed fields; 400 otherwise. */
export function readSort(
  params: URLSearchParams,
  allowed: readonly string[],
  fallback: string,
): { field: string; descending: boolean } {
  const raw = params.get('sort') ?? fallback;
  const descending = raw.startsWith('-');
  const field = descending ? raw.slice(1) : raw;
  if (!allowed.includes(field))
    throw badRequest(`sort: "${raw.slice(0, 40)}" is not one of ${allowed.join(', ')} (prefix - for descending)`, [
      { field: 'sort', message: `must be one of ${allowed.join(', ')}` },
    ]);
  return { field, descending };
}
