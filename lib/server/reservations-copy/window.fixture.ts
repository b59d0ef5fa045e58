/**
 * The world the window's tests run against: a sandbox started in the test process on a fixed
 * day (the tests own their clock), the demo partner's default entity, and an embedded database.
 */
import type { GuestbookClient } from '../../guestbook';
import type { Reservation } from '../../guestbook/schemas';
import { sandboxControls } from '../../sandbox/control-client';
import { uuidFrom } from '../../sandbox/ids';
import { DEMO_PARTNER } from '../../sandbox/seed/demo';
import { partnerClient, startTestSandbox } from '../../sandbox/testing';
import { openMemoryDb } from '../db/memory-db.fixture';
import type { DashboardDb } from '../db/open';

/** The tests' now: noon UTC on a Monday (every demo venue's date is then 2026-06-15). */
export const NOW = new Date('2026-06-15T12:00:00Z');
export const TODAY = '2026-06-15';
export const TOMORROW = '2026-06-16';

/** The Wharf Kitchen: dinner every day. */
export const WHARF = uuidFrom('venue:wharf');

export interface WindowWorld {
  api: GuestbookClient;
  db: DashboardDb;
  /** the default entity's id: the context the window is kept for */
  context: string;
  controls: ReturnType<typeof sandboxControls>;
  close(): Promise<void>;
}

export async function startWindowWorld(): Promise<WindowWorld> {
  // The database first: an API connection left idle while it opens may be closed under the next request.
  const [sandbox, opened] = await Promise.all([startTestSandbox({ today: NOW }), openMemoryDb()]);
  const controls = sandboxControls(sandbox.url, { token: sandbox.controlToken });
  await controls.setClock({ now: NOW.toISOString() });
  const partner = partnerClient(sandbox.url);
  const entity = (await partner.listEntities({ limit: 100 })).data.find((e) => e.id === DEMO_PARTNER.defaultEntityId)!;
  return {
    api: partner.asEntity(entity),
    db: opened.db,
    context: entity.id,
    controls,
    close: async () => {
      await opened.close();
      await sandbox.close();
    },
  };
}

/** The requests to the API (/v2) the sandbox received while `run` ran, and its result. */
export async function countRequests<T>(world: WindowWorld, run: () => Promise<T>): Promise<[T, number]> {
  const mark = await world.controls.requestMark();
  const result = await run();
  const logged = await world.controls.requests(mark);
  return [result, logged.filter((r) => r.path.startsWith('/v2/')).length];
}

/** Books a table for two at the Wharf Kitchen on the first of `dates` it has one, as a guest would through the API. */
export async function bookWharf(
  api: GuestbookClient,
  dates: readonly string[],
  lastName: string,
): Promise<Reservation> {
  for (const date of dates) {
    const options = await api.getAvailability({ venue_id: WHARF, date, party_size: 2 });
    const option = options.find((o) => o.seats_available >= 2);
    if (!option) continue;
    const hold = await api.createHold({ venue_id: WHARF, date, time: option.time, party_size: 2 });
    return api.createReservation({
      hold_id: hold.id,
      guest: { first_name: 'Window', last_name: lastName, email: `${lastName.toLowerCase()}@guest.test` },
    });
  }
  throw new Error(`no table for two at the Wharf Kitchen on ${dates.join(', ')}`);
}
