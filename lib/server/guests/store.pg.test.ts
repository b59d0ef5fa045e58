import { describe, expect, it } from 'vitest';

import { TAGS_MAX } from '../../guests/schemas';
import { postgresDashboardDb } from '../db/postgres-db.fixture';
import { addGuestTag, addReservationTag, guestNotesOf, reservationTagsFor, TooManyTagsError } from './store';

const postgres = postgresDashboardDb();

const NOW = new Date('2026-06-15T12:00:00Z');
const refusals = (results: PromiseSettledResult<unknown>[]) =>
  results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));

describe('tags added at once on PostgreSQL (a pool of connections)', () => {
  it(`keep a guest to ${TAGS_MAX} tags: the rest are refused, none lost`, async () => {
    const email = 'rush@example.com';
    const results = await Promise.allSettled(
      Array.from({ length: 25 }, (_, i) => addGuestTag(postgres.db, email, `tag ${i}`, 'Olivia', NOW)),
    );
    expect(refusals(results)).toHaveLength(25 - TAGS_MAX);
    expect(refusals(results).every((e) => e instanceof TooManyTagsError)).toBe(true);
    expect((await guestNotesOf(postgres.db, email)).tags).toHaveLength(TAGS_MAX);
  });

  it(`keep a reservation to ${TAGS_MAX} tags`, async () => {
    const id = '00000000-0000-4000-8000-0000000000b1';
    const results = await Promise.allSettled(
      Array.from({ length: 25 }, (_, i) => addReservationTag(postgres.db, id, `tag ${i}`, 'Olivia', NOW)),
    );
    expect(refusals(results)).toHaveLength(25 - TAGS_MAX);
    expect((await reservationTagsFor(postgres.db, [id])).get(id)).toHaveLength(TAGS_MAX);
  });
});
