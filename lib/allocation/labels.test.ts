import { describe, expect, it } from 'vitest';

import { mergeGrid, type GridRow } from './grid';
import { days, describeRow, nameEntities, rowStatusLabel } from './labels';
import { entity, rowsByEntity, type World } from './testing';

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
    expect(days([1, 2, 3, 4, 5, 6, 7])).toBe('Daily');
    expect(days([1, 2, 3, 4, 5])).toBe('Mon–Fri');
    expect(days([5, 6, 7])).toBe('Fri–Sun');
    expect(days([6, 7])).toBe('Sat, Sun');
    expect(days([1, 3, 5])).toBe('Mon, Wed, Fri');
    expect(days([2])).toBe('Tue');
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
    expect(describeRow(r, names)).toBe('The Quay · Dinner · Mon–Fri 18:00–23:00');
  });

  it('says "Venue" and "Program" for ids it cannot name', () => {
    expect(describeRow(row('open'), { venue: new Map(), program: new Map() })).toBe('Venue · Program ·  –');
  });
});

describe('rowStatusLabel', () => {
  it('tells ended, inconsistent, assigned and unassigned rows apart', () => {
    expect(rowStatusLabel(row('ended'))).toBe('ended');
    expect(rowStatusLabel({ ...row('live'), inconsistent: 'total differs' })).toBe('numbers do not add up');
    expect(rowStatusLabel(row('live'))).toBe('assigned');
    expect(rowStatusLabel(row('open'))).toBe('unassigned');
  });
});

describe('nameEntities', () => {
  const id = '0b5c8f3e-1d2a-4c3b-9e8f-7a6b5c4d3e2f';
  it('puts the name of a known entity in place of "entity <id>" or a bare id', () => {
    const names = new Map([[id, 'Afterhours Bar']]);
    expect(nameEntities(`entity ${id} holds only 2`, names)).toBe('Afterhours Bar holds only 2');
    expect(nameEntities(`held by ${id.toUpperCase()}`, names)).toBe('held by Afterhours Bar');
  });

  it('leaves unknown ids as they are', () => {
    expect(nameEntities(`entity ${id} holds only 2`, new Map())).toBe(`entity ${id} holds only 2`);
  });
});
