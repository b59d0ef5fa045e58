import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { translateSaid } from '../i18n/said';
import { inEnglish, translatorFor } from '../i18n/translator';
import {
  buildFilterQuery,
  FilterError,
  MODIFIERS,
  MODIFIERS_BY_TYPE,
  parseFilterQuery,
  RESERVATION_FILTERS,
  type Condition,
} from './filters';

const R = RESERVATION_FILTERS;

describe('filter modifiers', () => {
  it('builds the API syntax, eq without brackets', () => {
    expect(
      buildFilterQuery(
        [
          { attribute: 'status', modifier: 'in', value: ['confirmed', 'pending'] },
          { attribute: 'date', modifier: 'gte', value: '2026-01-01' },
          { attribute: 'party_size', modifier: 'eq', value: 4 },
        ],
        R,
      ),
    ).toBe('status[in]=confirmed,pending&date[gte]=2026-01-01&party_size=4');
  });

  it('round-trips every modifier: build → parse → build', () => {
    const samples: Condition[] = [
      { attribute: 'status', modifier: 'eq', value: 'confirmed' },
      { attribute: 'status', modifier: 'neq', value: 'canceled' },
      { attribute: 'status', modifier: 'in', value: ['pending', 'confirmed'] },
      { attribute: 'status', modifier: 'nin', value: ['no_show'] },
      { attribute: 'date', modifier: 'gte', value: '2026-12-01' },
      { attribute: 'date', modifier: 'lte', value: '2026-12-31' },
      { attribute: 'created_at', modifier: 'gte', value: '2026-11-01T08:30:00Z' },
      { attribute: 'guest_email', modifier: 'eq', value: 'a+b@example.com' },
    ];
    for (const m of MODIFIERS) expect(samples.some((s) => s.modifier === m)).toBe(true);
    const query = buildFilterQuery(samples, R);
    const parsed = parseFilterQuery(query, R);
    expect(parsed.errors).toEqual([]);
    expect(parsed.conditions).toEqual(samples);
    expect(buildFilterQuery(parsed.conditions, R)).toBe(query);
  });

  it('round-trips arbitrary valid conditions (property)', () => {
    const date = fc
      .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    const cond = fc.oneof(
      fc.record({
        attribute: fc.constant('status'),
        modifier: fc.constantFrom(...MODIFIERS_BY_TYPE.enum),
        value: fc.constantFrom(...R.status.values),
      }),
      fc.record({ attribute: fc.constant('date'), modifier: fc.constantFrom(...MODIFIERS), value: date }),
      fc.record({
        attribute: fc.constant('guest_last_name'),
        modifier: fc.constantFrom('eq', 'neq'),
        value: fc.string({ minLength: 1, maxLength: 30 }).filter((s) => !s.includes(',')),
      }),
    );
    fc.assert(
      fc.property(fc.uniqueArray(cond, { selector: (c) => `${c.attribute}[${c.modifier}]`, maxLength: 3 }), (cs) => {
        const norm = cs.map((c) =>
          c.modifier === 'in' || c.modifier === 'nin' ? { ...c, value: [c.value] } : c,
        ) as Condition[];
        const parsed = parseFilterQuery(buildFilterQuery(norm, R), R);
        expect(parsed.errors).toEqual([]);
        expect(parsed.conditions).toEqual(norm);
      }),
    );
  });

  it('rejects what cannot be expressed before any request', () => {
    const bad = (c: Condition) => () => buildFilterQuery([c], R);
    expect(bad({ attribute: 'guest_last_name', modifier: 'in', value: ['Smith, Jr', 'Lee'] })).toThrow(
      /contains a comma/,
    );
    expect(bad({ attribute: 'date', modifier: 'gte', value: '2026-13-01' })).toThrow(
      /date: "2026-13-01" is not a date/,
    );
    expect(bad({ attribute: 'date', modifier: 'gte', value: '2026-02-30' })).toThrow(FilterError);
    expect(bad({ attribute: 'status', modifier: 'gte', value: 'confirmed' })).toThrow(/does not apply to a enum/);
    expect(bad({ attribute: 'status', modifier: 'eq', value: 'lost' })).toThrow(/is not one of/);
    expect(bad({ attribute: 'party_size', modifier: 'eq', value: 'four' })).toThrow(/not a whole number/);
    expect(bad({ attribute: 'nope', modifier: 'eq', value: 'x' })).toThrow(/not a filterable attribute/);
    expect(bad({ attribute: 'venue_id', modifier: 'eq', value: 'not-a-uuid' })).toThrow(/is not a valid id/);
    expect(bad({ attribute: 'date', modifier: 'eq', value: ['2026-01-01'] })).toThrow(/takes one value/);
  });

  it('parses a pasted URL and names every unusable parameter', () => {
    const parsed = parseFilterQuery('?status[in]=confirmed,pending&date[between]=x&foo=1&page=2&date[gte]=2026-1-1', R);
    expect(parsed.conditions).toEqual([{ attribute: 'status', modifier: 'in', value: ['confirmed', 'pending'] }]);
    expect(parsed.errors.map((e) => e.message)).toEqual([
      'date: unknown modifier "between" (use eq, neq, in, nin, gte, lte)',
      'foo: not a filterable attribute (use status, date, created_at, venue_id, program_id, party_size, locale, guest_email, guest_last_name)',
      'date: "2026-1-1" is not a date (YYYY-MM-DD)',
    ]);
  });

  it('treats status=x and status[eq]=x as the same key', () => {
    const parsed = parseFilterQuery('status=confirmed&status[eq]=pending', R);
    expect(parsed.conditions).toHaveLength(1);
    expect(parsed.errors[0]?.message).toMatch(/more than once/);
  });

  it('says each problem for a person too: in English the same words as its message, in French its own', async () => {
    const bad: Condition[] = [
      { attribute: 'status', modifier: 'eq', value: { no: 1 } as unknown as string },
      { attribute: 'status', modifier: 'eq', value: '' },
      { attribute: 'guest_email', modifier: 'eq', value: 'x'.repeat(201) },
      { attribute: 'party_size', modifier: 'eq', value: 'four' },
      { attribute: 'venue_id', modifier: 'eq', value: 'not-a-uuid' },
      { attribute: 'date', modifier: 'gte', value: '2026-13-01' },
      { attribute: 'created_at', modifier: 'gte', value: '2026-01-01' },
      { attribute: 'status', modifier: 'eq', value: 'lost' },
      { attribute: 'nope', modifier: 'eq', value: 'x' },
      { attribute: 'date', modifier: 'between' as Condition['modifier'], value: 'x' },
      { attribute: 'status', modifier: 'gte', value: 'confirmed' },
      { attribute: 'status', modifier: 'in', value: [] },
      { attribute: 'status', modifier: 'in', value: Array.from({ length: 101 }, () => 'confirmed') },
      { attribute: 'guest_last_name', modifier: 'in', value: ['Smith, Jr'] },
      { attribute: 'date', modifier: 'eq', value: ['2026-01-01'] },
    ];
    const errors = bad.map((c) => {
      try {
        buildFilterQuery([c], R);
      } catch (e) {
        return e as FilterError;
      }
      throw new Error(`${c.attribute} was accepted`);
    });
    const parsed = parseFilterQuery('date[=1&status=confirmed&status[eq]=pending', R).errors;
    const fr = await translatorFor('fr');
    for (const e of [...errors, ...parsed]) {
      expect(e).toBeInstanceOf(FilterError);
      expect(translateSaid(inEnglish, e.said), e.message).toBe(e.message);
      expect(translateSaid(fr, e.said), e.message).not.toBe(e.message);
    }
    expect(new Set([...errors, ...parsed].map((e) => e.said.key)).size).toBe(17);
  });
});
