import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import type { GuestbookClient } from '../../guestbook';
import { uuidFrom } from '../../sandbox/ids';
import { DEMO_PARTNER } from '../../sandbox/seed/demo';
import type { RunningSandbox } from '../../sandbox/server';
import { partnerClient, startTestSandbox } from '../../sandbox/testing';
import { openMemoryDb } from '../db/memory-db.fixture';
import type { OpenedDb } from '../db/open';

vi.mock('server-only', () => ({}));
const api: { client?: GuestbookClient } = {};
vi.mock('../api/guestbook', () => ({ getApiClient: () => api.client! }));
// The entity list is read from the dashboard's copy of the directory, in a database of the test's own.
const copy: { db?: OpenedDb } = {};
vi.mock('../db', () => ({ getDb: async () => copy.db!.db }));

const { readSeatsInUse } = await import('./seats-in-use');

/** The Wharf Kitchen's dinner (every day 18:00–22:30): the default entity's allocation there, without access to unallocated seats. */
const WHARF = uuidFrom('venue:wharf');
const WHARF_DINNER = '18fad8c2-e3c6-5b50-8f8d-3a30832fa084';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
  api.client = partnerClient(sandbox.url);
  copy.db = await openMemoryDb();
}, 60_000);
afterAll(async () => {
  await copy.db?.close();
  await sandbox.close();
});

describe('readSeatsInUse', () => {
  it("agrees with the sandbox's own count of the seats an entity has booked on a commitment", async () => {
    const entity = (await api.client!.listEntities({ limit: 100 })).data.find(
      (e) => e.id === DEMO_PARTNER.defaultEntityId,
    )!;
    const asEntity = api.client!.asEntity(entity);
    const today = new Date().toISOString().slice(0, 10);
    const date = new Date(Date.now() + 150 * 86_400_000).toISOString().slice(0, 10);
    for (const [time, party] of [
      ['19:00', 2],
      ['21:00', 1],
    ] as const) {
      const hold = await asEntity.createHold({ venue_id: WHARF, date, time, party_size: party });
      await asEntity.createReservation({
        hold_id: hold.id,
        guest: { first_name: 'Seat', last_name: 'Counter', email: 'seat.counter@guest.test' },
      });
    }
    const use = await readSeatsInUse(entity.id, [WHARF_DINNER], today);
    // What the sandbox says is left on that date: the allocation less the seats taken.
    const row = await asEntity.getCommitment(WHARF_DINNER);
    const left = (await asEntity.getAvailability({ venue_id: WHARF, date, party_size: 1, time: '19:00' })).find(
      (o) => o.commitment_id === WHARF_DINNER,
    )!.seats_available;
    expect(row.entity_seats! - left).toBe(3);
    // The busiest upcoming date may be a seeded one with more; never fewer than this date's.
    expect(use[WHARF_DINNER]!.known).toBe(true);
    expect(use[WHARF_DINNER]!.seats).toBeGreaterThanOrEqual(3);
    const busiest = use[WHARF_DINNER]!.date!;
    const leftThen =
      (await asEntity.getAvailability({ venue_id: WHARF, date: busiest, party_size: 1, time: '19:00' })).find(
        (o) => o.commitment_id === WHARF_DINNER,
      )?.seats_available ?? 0;
    // Availability stops at zero; the seeded world books some dates beyond the allocation, which the figure shows.
    expect(Math.min(use[WHARF_DINNER]!.seats, row.entity_seats!)).toBe(row.entity_seats! - leftThen);
  });

  it('refuses an entity not assigned to the credentials by name', async () => {
    await expect(readSeatsInUse('7c1d3a52-9e0f-4b6a-8d21-5f4e3c2b1a09', [WHARF_DINNER])).rejects.toThrow(
      /not assigned to this dashboard/,
    );
  });
});
