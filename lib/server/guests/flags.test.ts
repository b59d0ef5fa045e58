import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { NO_SHOW_REGULAR } from '../../sandbox/seed/demo';
import { readBook } from '../reservations-copy/book';
import { countRequests, startWindowWorld, TODAY, type WindowWorld } from '../reservations-copy/window.fixture';
import { guestFlagsFor } from './flags';

let world: WindowWorld;
beforeAll(async () => {
  world = await startWindowWorld();
  await readBook(world.db, world.api, world.context, new Date(`${TODAY}T12:00:00Z`));
});
afterAll(() => world?.close());

describe("many guests' flags", () => {
  it("come from the entity's book in one query, without an API request: the demo's regular with two no-shows is flagged", async () => {
    // a one-off guest (the seed numbers their e-mails) with a table ahead
    const ahead = await world.api.listReservations({
      filters: [{ attribute: 'status', modifier: 'eq', value: 'confirmed' }],
      limit: 100,
    });
    const oneOff = ahead.data.map((r) => r.guest!.email).find((e) => /\d@/.test(e))!;
    const [flags, sent] = await countRequests(world, () =>
      guestFlagsFor(world.db, [NO_SHOW_REGULAR.email.toUpperCase(), oneOff, 'nobody@example.com'], TODAY),
    );
    expect(sent).toBe(0);
    expect(flags.get(NO_SHOW_REGULAR.email)).toEqual([{ kind: 'noShows', count: 2, days: 90 }]);
    // a guest of one reservation ahead has not visited yet; a guest the copy does not know has no flag
    expect(flags.get(oneOff.toLowerCase())).toEqual([{ kind: 'firstVisit' }]);
    expect(flags.has('nobody@example.com')).toBe(false);
  });
});
