import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { findInCopy, searchCopy } from './search';
import { syncWindowTurn } from './sync';
import { dropUnwatchedWindows, noteWatched, WATCHED_FOR_MS, watchedAmong } from './watched';
import { NOW, startWindowWorld, TODAY, type WindowWorld } from './window.fixture';

let world: WindowWorld;
beforeAll(async () => {
  world = await startWindowWorld();
});
afterAll(() => world?.close());

const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

describe('the entities someone watches', () => {
  it('are those a page read in the last day, by the latest time any process noted', async () => {
    await noteWatched(world.db, 'entity-a', at(0));
    await noteWatched(world.db, 'entity-b', at(10));
    // A process that noted earlier, writing later, does not move the time back.
    await noteWatched(world.db, 'entity-b', at(5));
    const day = WATCHED_FOR_MS / 60_000;
    expect(await watchedAmong(world.db, ['entity-a', 'entity-b', 'entity-c'], at(1))).toEqual(
      new Set(['entity-a', 'entity-b']),
    );
    expect(await watchedAmong(world.db, ['entity-a', 'entity-b'], at(day + 5))).toEqual(new Set(['entity-b']));
    expect(await watchedAmong(world.db, [], at(0))).toEqual(new Set());
  });

  it("drop the window and copy of an entity nobody watches any more, and keep the others'", async () => {
    await syncWindowTurn(world.db, world.api, world.context, NOW);
    const today = [{ attribute: 'date', modifier: 'eq', value: TODAY }] as const;
    const copied = (await searchCopy(world.db, world.context, today))!.data;
    expect(copied.length).toBeGreaterThan(0);

    expect(await dropUnwatchedWindows(world.db, [world.context])).toEqual([]);
    expect(await searchCopy(world.db, world.context, today)).not.toBeNull();

    expect(await dropUnwatchedWindows(world.db, ['another-entity'])).toEqual([world.context]);
    expect(await searchCopy(world.db, world.context, today)).toBeNull();
    expect(await findInCopy(world.db, world.context, copied[0]!.id)).toBeNull();
    // Watched again: its first turn reads the window afresh, every reservation as new to the copy.
    const again = await syncWindowTurn(world.db, world.api, world.context, at(1));
    expect(again.first).toBe(true);
  });
});
