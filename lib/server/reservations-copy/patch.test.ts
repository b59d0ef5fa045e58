import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Condition } from '../../guestbook/filters';
import { keepInCopy } from './patch';
import { findInCopy, searchCopy } from './search';
import { syncWindowTurn } from './sync';
import { bookWharf, NOW, startWindowWorld, TODAY, TOMORROW, type WindowWorld } from './window.fixture';

let world: WindowWorld;
beforeAll(async () => {
  world = await startWindowWorld();
  await syncWindowTurn(world.db, world.api, world.context, NOW);
});
afterAll(() => world?.close());

const named = (name: string): Condition[] => [
  { attribute: 'date', modifier: 'gte', value: TODAY },
  { attribute: 'date', modifier: 'lte', value: TOMORROW },
  { attribute: 'guest_last_name', modifier: 'eq', value: name },
];
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

describe('keepInCopy', () => {
  it("holds the console's booking and cancel at once, before any turn", async () => {
    const booked = await bookWharf(world.api, [TOMORROW], 'Keeper');
    expect((await searchCopy(world.db, world.context, named('Keeper')))!.data).toEqual([]);
    await keepInCopy(world.db, world.context, booked, later(0));
    expect((await searchCopy(world.db, world.context, named('Keeper')))!.data.map((r) => r.id)).toEqual([booked.id]);

    const canceled = await world.api.cancelReservation(booked.id);
    await keepInCopy(world.db, world.context, canceled, later(0));
    expect((await findInCopy(world.db, world.context, booked.id))!.reservation.status).toBe('canceled');
  });

  it('takes a reservation moved past the window out of the copy', async () => {
    const booked = await bookWharf(world.api, [TOMORROW], 'Mover');
    await keepInCopy(world.db, world.context, booked, later(0));
    await keepInCopy(world.db, world.context, { ...booked, date: '2027-01-10' }, later(0));
    expect(await findInCopy(world.db, world.context, booked.id)).toBeNull();
  });

  it("a turn whose read began before the console's write keeps the newer version", async () => {
    const booked = await bookWharf(world.api, [TOMORROW], 'Racer');
    await syncWindowTurn(world.db, world.api, world.context, later(1));
    // The turn's read is answered before the cancel; the cancel is kept in the copy before the turn stores.
    const stale = await world.api.getReservation(booked.id);
    const readBeforeCancel = {
      ...world.api,
      listReservations: async (...args: Parameters<typeof world.api.listReservations>) => {
        const page = await world.api.listReservations(...args);
        return { ...page, data: page.data.map((r) => (r.id === booked.id ? stale : r)) };
      },
    } as typeof world.api;
    await world.controls.setClock({ now: later(2).toISOString() });
    const canceled = await world.api.cancelReservation(booked.id);
    await keepInCopy(world.db, world.context, canceled, later(2));
    const report = await syncWindowTurn(world.db, readBeforeCancel, world.context, later(2));
    expect(report.changes.find((c) => c.id === booked.id)).toBeUndefined();
    expect((await findInCopy(world.db, world.context, booked.id))!.reservation.status).toBe('canceled');
  });
});
