import { describe, expect, it } from 'vitest';

import { activityFilters, activityQuery, changedFields, cursorOf, dayRange, parseCursor } from './filters';

describe('activity filters', () => {
  it('reads the filters of an address, dropping malformed ones rather than refusing the page', () => {
    expect(
      activityFilters({
        staff: ' Ana@Example.com ',
        action: 'cancel-reservation',
        result: 'refused',
        from: '2026-11-01',
        to: '2026-11-30',
        limit: '100',
      }),
    ).toEqual({
      kind: 'changes',
      staff: 'ana@example.com',
      action: 'cancel-reservation',
      result: 'refused',
      from: '2026-11-01',
      to: '2026-11-30',
      limit: 100,
    });
    expect(
      activityFilters({ action: "x' or 1=1", result: 'maybe', from: '2026-13-40', limit: '7', cursor: 'nope' }),
    ).toEqual({ kind: 'changes', limit: 50 });
    expect(activityFilters({ kind: 'sign-ins' })).toMatchObject({ kind: 'sign-ins' });
    expect(activityFilters({ kind: 'everything' })).toMatchObject({ kind: 'changes' });
  });

  it("reads one record's history from the address, and writes it back in the links", () => {
    const record = '18fad8c2-e3c6-5b50-8f8d-3a30832fa084';
    expect(activityFilters({ record })).toEqual({ kind: 'changes', record, limit: 50 });
    expect(activityFilters({ record: "1' or '1'='1" })).toEqual({ kind: 'changes', limit: 50 });
    expect(activityQuery(activityFilters({ record, result: 'ok' }))).toBe(`?result=ok&record=${record}`);
  });

  it('writes them back as a query, and pages with a cursor of the last row', () => {
    const f = activityFilters({ kind: 'all', staff: 'ana@example.com', to: '2026-11-30', limit: '200' });
    const row = { at: new Date('2026-11-26T10:00:00.123Z'), id: '6f1d0c52-3b2e-4a53-9d5e-0c7f4e7a1b22' };
    expect(activityQuery(f, cursorOf(row))).toBe(
      '?kind=all&staff=ana%40example.com&to=2026-11-30&limit=200&cursor=2026-11-26T10%3A00%3A00.123Z_6f1d0c52-3b2e-4a53-9d5e-0c7f4e7a1b22',
    );
    expect(activityFilters(new URLSearchParams(activityQuery(f, cursorOf(row))))).toMatchObject({
      cursor: cursorOf(row),
    });
    expect(parseCursor(cursorOf(row))).toEqual(row);
  });

  it('takes whole days of the member’s zone, the end day included', () => {
    expect(dayRange({ from: '2026-11-01', to: '2026-11-30' })).toEqual({
      from: new Date('2026-11-01T00:00:00.000Z'),
      to: new Date('2026-12-01T00:00:00.000Z'),
    });
    expect(dayRange({ from: '2026-11-26', to: '2026-11-26' }, 'Pacific/Kiritimati')).toEqual({
      from: new Date('2026-11-25T10:00:00.000Z'),
      to: new Date('2026-11-26T10:00:00.000Z'),
    });
  });
});

describe('changedFields', () => {
  it('lists the fields that differ, one level into nested objects', () => {
    expect(
      changedFields(
        { party_size: 2, notes: 'Window', guest: { email: 'a@x.test', phone: null }, status: 'confirmed' },
        { party_size: 4, notes: 'Window', guest: { email: 'b@x.test', phone: null }, status: 'confirmed' },
      ),
    ).toEqual([
      { field: 'party_size', before: '2', after: '4' },
      { field: 'guest.email', before: 'a@x.test', after: 'b@x.test' },
    ]);
  });

  it('shows a side that was not recorded as —, and null as null (the page names it)', () => {
    expect(changedFields(null, { email: 'new@x.test', role: 'viewer' })).toEqual([
      { field: 'email', before: '—', after: 'new@x.test' },
      { field: 'role', before: '—', after: 'viewer' },
    ]);
    expect(changedFields({ twoStep: true }, { twoStep: false })).toEqual([
      { field: 'twoStep', before: 'true', after: 'false' },
    ]);
    expect(changedFields({ default_program_id: 'p1' }, { default_program_id: null })).toEqual([
      { field: 'default_program_id', before: 'p1', after: null },
    ]);
    expect(changedFields(undefined, undefined)).toEqual([]);
  });
});
