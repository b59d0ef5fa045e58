import { describe, expect, it } from 'vitest';

import { TAGS_MAX } from '../../guests/schemas';
import { membersDb } from '../auth/members.fixture';
import {
  addGuestTag,
  addReservationTag,
  guestNotesFor,
  guestNotesOf,
  removeGuestTag,
  removeReservationTag,
  reservationTagsFor,
  setGuestNote,
  TooManyTagsError,
} from './store';

const { db: openedDb } = membersDb();
const NOW = new Date('2026-06-15T12:00:00Z');
const R1 = '00000000-0000-4000-8000-0000000000a1';
const R2 = '00000000-0000-4000-8000-0000000000a2';

describe('staff notes and tags on a guest', () => {
  it('are kept by e-mail in any case, and answered for many guests in one query', async () => {
    const db = openedDb();
    await setGuestNote(db, ' Ana@Example.com', 'Nut allergy', 'Olivia', NOW);
    await addGuestTag(db, 'ana@example.com', 'VIP', 'Olivia', NOW);
    const again = await addGuestTag(db, 'ANA@example.com', 'vip', 'Olivia', NOW);
    expect(again.after).toEqual({ note: 'Nut allergy', tags: ['VIP'] });
    await addGuestTag(db, 'bo@example.com', 'regular', 'Olivia', NOW);
    const notes = await guestNotesFor(db, ['ANA@EXAMPLE.COM', 'bo@example.com', 'nobody@example.com']);
    expect(Object.fromEntries(notes)).toEqual({
      'ana@example.com': { note: 'Nut allergy', tags: ['VIP'] },
      'bo@example.com': { note: '', tags: ['regular'] },
    });
    const removed = await removeGuestTag(db, 'ana@example.com', 'Vip', 'Olivia', NOW);
    expect(removed).toEqual({
      before: { note: 'Nut allergy', tags: ['VIP'] },
      after: { note: 'Nut allergy', tags: [] },
    });
    expect(await guestNotesOf(db, 'nobody@example.com')).toEqual({ note: '', tags: [] });
  });

  it(`refuses an eleventh tag, also when tags are added at once`, async () => {
    const db = openedDb();
    const email = 'many@example.com';
    const results = await Promise.allSettled(
      Array.from({ length: TAGS_MAX + 3 }, (_, i) => addGuestTag(db, email, `tag ${i}`, 'Olivia', NOW)),
    );
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason)).toEqual(
      Array.from({ length: 3 }, () => expect.any(TooManyTagsError)),
    );
    expect((await guestNotesOf(db, email)).tags).toHaveLength(TAGS_MAX);
  });
});

describe('tags on a reservation', () => {
  it('are kept per reservation in the order added, once whatever their case, and removed', async () => {
    const db = openedDb();
    await addReservationTag(db, R1, 'birthday', 'Olivia', NOW);
    await addReservationTag(db, R1, 'window seat', 'Olivia', new Date(NOW.getTime() + 1000));
    expect((await addReservationTag(db, R1, 'Birthday', 'Olivia', NOW)).after).toEqual(['birthday', 'window seat']);
    await addReservationTag(db, R2, 'anniversary', 'Olivia', NOW);
    expect(Object.fromEntries(await reservationTagsFor(db, [R1, R2]))).toEqual({
      [R1]: ['birthday', 'window seat'],
      [R2]: ['anniversary'],
    });
    expect(await removeReservationTag(db, R1, 'BIRTHDAY')).toEqual({
      before: ['birthday', 'window seat'],
      after: ['window seat'],
    });
    expect((await reservationTagsFor(db, [R1])).get(R1)).toEqual(['window seat']);
  });
});
