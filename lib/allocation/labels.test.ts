import { describe, expect, it } from 'vitest';

import { said, translateSaid, type SaidValue } from '../i18n/said';
import { inEnglish } from '../i18n/translator';
import { moveSeats } from './edit';
import { mergeGrid, type GridRow } from './grid';
import { days, describeRow, entityRef, nameEntities, rowStatusLabel } from './labels';
import { entity, rowsByEntity, type World } from './testing';

/** A label's words in English. */
const english = (v: SaidValue): string =>
  typeof v === 'object' && !(v instanceof Date) ? translateSaid(inEnglish, v) : String(v);

const ENTITIES = [entity('a'), entity('b')];
const WORLD: World = [
  { id: 'live', total: 10, seats: { a: 4 }, eligible: ['b'], venue_id: 'v1', start_time: '18:00' },
  { id: 'open', total: 10, seats: {}, eligible: ['a', 'b'] },
  { id: 'ended', total: 10, seats: { a: 5 }, eligible: [], ended: true },
];
const rows = mergeGrid(ENTITIES, rowsByEntity(WORLD, ['a', 'b']));
const row = (id: string) => rows.find((r) => r.commitmentId === id)!;

describe('days', () => {
  it('names every day, a run of three or more, or the days one by one', () => {
    expect(english(days([1, 2, 3, 4, 5, 6, 7]))).toBe('Daily');
    expect(english(days([1, 2, 3, 4, 5]))).toBe('Mon–Fri');
    expect(english(days([5, 6, 7]))).toBe('Fri–Sun');
    expect(english(days([6, 7]))).toBe('Sat, Sun');
    expect(english(days([1, 3, 5]))).toBe('Mon, Wed, Fri');
    expect(english(days([2]))).toBe('Tue');
  });

  it('is empty without days', () => {
    expect(days([])).toBe('');
    expect(days(undefined)).toBe('');
  });
});

describe('describeRow', () => {
  it('names the venue and program, the days and the times', () => {
    const r: GridRow = {
      ...row('live'),
      meta: { ...row('live').meta, program_id: 'p1', days_of_week: [1, 2, 3, 4, 5], end_time: '23:00' },
    };
    const names = { venue: new Map([['v1', 'The Quay']]), program: new Map([['p1', 'Dinner']]) };
    expect(english(describeRow(r, names))).toBe('The Quay · Dinner · Mon–Fri 18:00–23:00');
  });

  it('says "Venue" and "Program" for ids it cannot name', () => {
    expect(english(describeRow(row('open'), { venue: new Map(), program: new Map() }))).toBe('Venue · Program ·  –');
  });
});

describe('rowStatusLabel', () => {
  it('tells ended, inconsistent, assigned and unassigned rows apart', () => {
    const label = (r: GridRow) => {
      const s = rowStatusLabel(r);
      return translateSaid(inEnglish, s);
    };
    expect(label(row('ended'))).toBe('Ended');
    expect(label({ ...row('live'), inconsistent: [said('allocations.problems.negative', { entity: 'A' })] })).toBe(
      'Numbers do not add up',
    );
    expect(label(row('live'))).toBe('Assigned');
    expect(label(row('open'))).toBe('Unassigned');
  });
});

describe('nameEntities', () => {
  const id = '0b5c8f3e-1d2a-4c3b-9e8f-7a6b5c4d3e2f';
  const holdsOnly = said('allocations.rules.moveMoreThanHeld', { count: 3, entity: entityRef(id), available: 2 });

  it('puts the name of a known entity in place of "brand or channel <id>", at any depth', () => {
    const names = new Map([[id, 'Afterhours Bar']]);
    expect(english(nameEntities(holdsOnly, names))).toBe('cannot move 3 seats: Afterhours Bar holds only 2');
    const upper = said('allocations.rules.notInGrid', { entity: entityRef(id.toUpperCase()) });
    expect(english(nameEntities(upper, names))).toBe('Afterhours Bar is not in the grid');
    const nested = said('allocations.rules.planCell', { commitment: 'c1', entity: entityRef(id), reason: holdsOnly });
    expect(english(nameEntities(nested, names))).toBe(
      'cannot plan commitment c1 for Afterhours Bar: cannot move 3 seats: Afterhours Bar holds only 2',
    );
  });

  it('leaves unknown ids as they are', () => {
    expect(english(nameEntities(holdsOnly, new Map()))).toBe(
      `cannot move 3 seats: brand or channel ${id} holds only 2`,
    );
  });

  it('names the entity of a refused move as the grid shows it', () => {
    const moved = moveSeats(row('live'), {}, 'a', 'b', 5);
    expect(moved.ok).toBe(false);
    if (moved.ok) return;
    expect(english(nameEntities(moved.reason, new Map([['a', 'Harbour & Vine Direct']])))).toBe(
      'cannot move 5 seats: Harbour & Vine Direct holds only 4',
    );
  });
});
