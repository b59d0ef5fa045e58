import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';

import { mergeGrid, moveSeats, UNALLOCATED, type Change, type GridRow } from '@/lib/allocation';
import { entity, rowsByEntity } from '@/lib/allocation/testing';
import en from '@/messages/en.json';

import { createEditsReducer, initialEditsState, rowsWithEditsElsewhere, type EditsState } from './edits-reducer';

// The notices in English, from the catalog.
const editsReducer = createEditsReducer(createTranslator({ locale: 'en', messages: en, namespace: 'allocations' }));

const rows = mergeGrid(
  [entity('a')],
  rowsByEntity(
    [
      { id: 'c1', total: 10, seats: { a: 4 }, eligible: [] },
      { id: 'c2', total: 10, seats: { a: 1 }, eligible: [] },
    ],
    ['a'],
  ),
);
const [c1, c2] = rows as [GridRow, GridRow];
const moved = (row: GridRow, state: EditsState = initialEditsState) => {
  const result = moveSeats(row, state.edits, UNALLOCATED, 'a', 2);
  if (!result.ok) throw new Error(result.reason.key);
  return editsReducer(state, { type: 'edit', row, edits: result.edits });
};
const change: Change = { commitmentId: 'c1', entityId: 'a', before: 4, after: 6 };
const readBefore = [{ entityId: 'a', data: [{ id: 'c1', entity_seats: 4 }] }];
const failed = {
  status: 'failed' as const,
  message: 'PUT refused (422)',
  phase: 2 as const,
  entityId: 'a',
  holding: [{ entityId: 'a', state: 'decreases applied' as const }],
  readBefore,
};

describe('editsReducer', () => {
  it('records an edit with its row and clears the notice', () => {
    const refused = editsReducer(initialEditsState, { type: 'refuse', text: 'no' });
    expect(refused.notice).toEqual({ tone: 'error', text: 'no' });
    const s = moved(c1, refused);
    expect(s.edits).toEqual({ c1: { a: 6 } });
    expect(s.editedRows).toEqual({ c1 });
    expect(s.notice).toBeNull();
  });

  it('clears the edits and says how many changes went in how many requests once applied', () => {
    const s = editsReducer(editsReducer(moved(c1), { type: 'apply', changes: [change] }), {
      type: 'applied',
      result: { ok: true, data: { status: 'applied', changed: 1, requests: 1 } },
      changes: [change],
    });
    expect(s.edits).toEqual({});
    expect(s.editedRows).toEqual({});
    expect(s.notice).toEqual({
      tone: 'ok',
      text: 'Applied 1 change with 1 request. The grid now shows what Guest Book holds.',
    });
  });

  it('keeps the edits on a conflict, a failure part-way or a refused action', () => {
    const start = editsReducer(moved(c1), { type: 'apply', changes: [change] });
    const conflict = editsReducer(start, {
      type: 'applied',
      result: { ok: true, data: { status: 'conflict', conflicts: [] } },
      changes: [change],
    });
    expect(conflict.edits).toEqual({ c1: { a: 6 } });
    expect(conflict.notice?.text).toMatch(/^Nothing was sent/);
    const part = editsReducer(start, { type: 'applied', result: { ok: true, data: failed }, changes: [change] });
    expect(part.outcome).toEqual(failed);
    expect(part.lastChanges).toEqual([change]);
    expect(part.notice).toEqual({ tone: 'error', text: 'Stopped in phase 2: PUT refused (422)' });
    const refused = editsReducer(start, {
      type: 'applied',
      result: { ok: false, error: 'You are signed out.' },
      changes: [change],
    });
    expect(refused.edits).toEqual({ c1: { a: 6 } });
    expect(refused.notice).toEqual({ tone: 'error', text: 'You are signed out.' });
  });

  it('a restore that went through clears the failure and the edits', () => {
    const part = editsReducer(moved(c1), { type: 'applied', result: { ok: true, data: failed }, changes: [change] });
    const s = editsReducer(part, {
      type: 'restored',
      result: { ok: true, data: { status: 'applied', changed: 1, requests: 1 } },
    });
    expect(s).toMatchObject({
      edits: {},
      editedRows: {},
      outcome: null,
      notice: { tone: 'info', text: 'Restored the values read before the apply.' },
    });
  });

  it('a restore that failed shows where it stopped and keeps the edits', () => {
    const part = editsReducer(moved(c1), { type: 'applied', result: { ok: true, data: failed }, changes: [change] });
    const s = editsReducer(part, { type: 'restored', result: { ok: true, data: { ...failed, phase: 1 } } });
    expect(s.edits).toEqual({ c1: { a: 6 } });
    expect(s.notice).toEqual({ tone: 'error', text: 'Stopped in phase 1: PUT refused (422)' });
  });

  it('discard drops the edits, the notice and the outcome', () => {
    const part = editsReducer(moved(c1), { type: 'applied', result: { ok: true, data: failed }, changes: [change] });
    expect(editsReducer(part, { type: 'discard' })).toEqual({ ...initialEditsState, lastChanges: [] });
  });
});

describe('rowsWithEditsElsewhere', () => {
  it('keeps edited rows that the current read does not hold, and only while they have edits', () => {
    const s = moved(c2, moved(c1));
    expect(rowsWithEditsElsewhere(s, [c1])).toEqual([c2]);
    expect(rowsWithEditsElsewhere(s, [c1, c2])).toEqual([]);
    expect(rowsWithEditsElsewhere({ ...s, edits: { c1: { a: 6 } } }, [c1])).toEqual([]);
  });
});
