import { describe, expect, it } from 'vitest';

import {
  buildFilterParams,
  MODIFIERS,
  parseFilterQuery,
  RESERVATION_FILTERS,
  toQueryString,
  type Condition,
} from '@/lib/guestbook/filters';

import { localToUtc, newRow, toCondition, utcToLocal } from './filter-rows';

/** One condition per modifier and attribute type the builder offers. */
const CASES: Condition[] = [
  { attribute: 'status', modifier: 'eq', value: 'confirmed' },
  { attribute: 'status', modifier: 'neq', value: 'canceled' },
  { attribute: 'status', modifier: 'in', value: ['confirmed', 'pending'] },
  { attribute: 'status', modifier: 'nin', value: ['canceled', 'no_show'] },
  { attribute: 'date', modifier: 'gte', value: '2026-11-22' },
  { attribute: 'date', modifier: 'lte', value: '2026-12-31' },
  { attribute: 'created_at', modifier: 'gte', value: '2026-11-01T08:30:00Z' },
  { attribute: 'party_size', modifier: 'lte', value: 4 },
  {
    attribute: 'venue_id',
    modifier: 'in',
    value: ['0779d9db-659f-5fe5-86b4-0545b0441e39', 'cac184ee-b2ed-5fa6-901b-3a1297971842'],
  },
  { attribute: 'guest_last_name', modifier: 'eq', value: "O'Brien" },
];

const url = (conditions: readonly Condition[]) => toQueryString(buildFilterParams(conditions, RESERVATION_FILTERS));

describe('filter builder ⇄ URL ⇄ API query', () => {
  it('covers every modifier', () => {
    expect(new Set(CASES.map((c) => c.modifier))).toEqual(new Set(MODIFIERS));
  });

  it.each(CASES)('round-trips $attribute[$modifier] through the builder row and the URL', (condition) => {
    const query = url([condition]);
    const parsed = parseFilterQuery(query, RESERVATION_FILTERS);
    expect(parsed.errors).toEqual([]);
    const row = newRow(1, condition.attribute as never, condition.modifier, parsed.conditions[0]!.value);
    expect(url([toCondition(row)])).toBe(query);
  });

  it('round-trips a whole search, and what the API receives is the same query', () => {
    const query = url(CASES);
    const rows = parseFilterQuery(query, RESERVATION_FILTERS).conditions.map((c, i) =>
      newRow(i, c.attribute as never, c.modifier, c.value),
    );
    expect(url(rows.map(toCondition))).toBe(query);
    expect(query).toContain('status[in]=confirmed,pending&status[nin]=canceled,no_show&date[gte]=2026-11-22');
  });

  it('converts a created_at value between the browser’s local time and the API’s UTC', () => {
    expect(localToUtc(utcToLocal('2026-11-01T08:30:00Z'))).toBe('2026-11-01T08:30:00Z');
    expect(localToUtc('not a date')).toBe('not a date');
  });
});
