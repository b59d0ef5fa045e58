import { describe, expect, it } from 'vitest';

import en from '../../messages/en.json' with { type: 'json' };
import { everyFieldMeaning, fieldMeaning, PROGRAM_ACCESS, PROGRAM_FIELD, readableSide, SEATS_FIELD } from './fields';
import { changedFields } from './filters';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const C1 = 'c1c1c1c1-0000-4000-8000-000000000001';
const C2 = 'c2c2c2c2-0000-4000-8000-000000000002';

describe('the fields of an audit row, named', () => {
  it('names a field by the action first: a view’s name is not a member’s, an export’s rows are not a download’s', () => {
    expect(fieldMeaning('save-view', 'name')?.label).toBe('viewName');
    expect(fieldMeaning('add-staff-member', 'name')?.label).toBe('name');
    expect(fieldMeaning('export-activity', 'rows')?.label).toBe('rowsExported');
    expect(fieldMeaning('download-export', 'rows')?.label).toBe('rowsInFile');
    expect(fieldMeaning('add-reservation-tag', 'tags')?.label).toBe('reservationTags');
    expect(fieldMeaning('add-guest-tag', 'tags')?.label).toBe('guestTags');
    expect(fieldMeaning('cancel-reservation', 'status')).toMatchObject({ label: 'status', value: 'text' });
    expect(fieldMeaning('apply-allocation', 'status')).toMatchObject({ label: 'outcome', value: 'code' });
    // a stopped apply's answer is Guest Book's own words, quoted
    expect(fieldMeaning('apply-allocation', 'message')?.quoted).toBe(true);
    // a field no action records keeps its name on the page
    expect(fieldMeaning('update-entity', 'something_new')).toBeNull();
  });

  it('names a logo’s upload time and says an image not measured yet instead of "none"', () => {
    expect(fieldMeaning('upload-entity-logo', 'uploaded_at')?.label).toBe('uploaded');
    for (const name of ['width', 'height', 'aspect_ratio'])
      expect(fieldMeaning('upload-entity-logo', name)?.none, name).toBe('notMeasuredYet');
    expect(fieldMeaning('update-reservation', 'notes')?.none).toBeUndefined();
  });

  it('reads the English the code once recorded as values through codes of the catalog', () => {
    expect(fieldMeaning('release-hold', 'reason')?.codes?.['the form was left']).toBe('formLeft');
    expect(fieldMeaning('confirm-two-step', 'secondFactor')?.codes?.replaced).toBe('replaced');
    expect(fieldMeaning('export-reservations', 'ended')?.codes?.cancelled).toBe('stoppedEarly');
    expect(fieldMeaning('create-reservation', 'locale_source')?.codes?.['entity default']).toBe('brandDefault');
  });

  it('has every label and every value word in the catalog', () => {
    const meanings = everyFieldMeaning();
    expect(meanings.length).toBeGreaterThan(50);
    const labels = en.activity.field as Record<string, string>;
    const values = en.activity.value as Record<string, string>;
    for (const m of meanings) {
      expect(labels[m.label], `activity.field.${m.label}`).toBeTruthy();
      for (const key of [...Object.values(m.codes ?? {}), m.absent, m.none].filter(Boolean))
        expect(values[key!], `activity.value.${key}`).toBeTruthy();
    }
    expect(labels.seatsOf).toContain('{name}');
  });

  it('turns an apply’s cells into one field per brand or channel and commitment, each its seats', () => {
    const before = [
      { commitmentId: C1, entityId: A, seats: 10 },
      { commitmentId: C1, entityId: B, seats: 4 },
    ];
    const after = [
      { commitmentId: C1, entityId: A, seats: 12 },
      { commitmentId: C1, entityId: B, seats: 4 },
    ];
    const changes = changedFields(readableSide('apply-allocation', before), readableSide('apply-allocation', after));
    expect(changes).toEqual([{ field: `seats:${A}:${C1}`, before: '10', after: '12' }]);
    const [, entity, commitment] = SEATS_FIELD.exec(changes[0]!.field)!;
    expect([entity, commitment]).toEqual([A, C1]);
  });

  it('turns a restore’s sets into the seats put back, and leaves any other list as recorded', () => {
    const sets = [
      {
        entityId: A,
        data: [
          { id: C1, entity_seats: 8 },
          { id: C2, entity_seats: 0 },
        ],
      },
    ];
    expect(changedFields(null, readableSide('restore-allocation', sets))).toEqual([
      { field: `seats:${A}:${C1}`, before: '—', after: '8' },
      { field: `seats:${A}:${C2}`, before: '—', after: '0' },
    ]);
    // a list of another shape under an apply's action is left as it is
    expect(readableSide('apply-allocation', [{ seats: 1 }])).toEqual([{ seats: 1 }]);
    const programs = [{ program_id: C1, unallocated_seat_access: true }];
    expect(readableSide('restore-allocation', programs)).toBe(programs);
  });

  it('turns a replace of the programs into one field per program: added, taken off, its unallocated seats changed', () => {
    const before = [
      { program_id: C1, unallocated_seat_access: true },
      { program_id: C2, unallocated_seat_access: false },
    ];
    const after = [
      { program_id: C2, unallocated_seat_access: true },
      { program_id: A, unallocated_seat_access: false },
    ];
    expect(
      changedFields(readableSide('replace-entity-programs', before), readableSide('replace-entity-programs', after)),
    ).toEqual([
      { field: `program:${C1}`, before: 'on', after: '—' },
      { field: `program:${C2}`, before: 'off', after: 'on' },
      { field: `program:${A}`, before: '—', after: 'off' },
    ]);
    expect(PROGRAM_FIELD.exec(`program:${C2}`)?.[1]).toBe(C2);
    expect(PROGRAM_ACCESS.codes).toEqual({ on: 'unallocatedOn', off: 'unallocatedOff' });
    // a list of another shape is left as recorded
    expect(readableSide('replace-entity-programs', [{ program_id: C1 }])).toEqual([{ program_id: C1 }]);
  });
});
