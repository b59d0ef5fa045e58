import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Condition } from '../../guestbook/filters';
import { BOOK_READ_EVERY_MS, bookContext, bookDue, readBook } from './book';
import { keepInCopy } from './patch';
import { findInCopy, searchCopy } from './search';
import { bookWharf, countRequests, NOW, startWindowWorld, type WindowWorld } from './window.fixture';

let world: WindowWorld;
beforeAll(async () => {
  world = await startWindowWorld();
});
afterAll(() => world?.close());

const context = () => bookContext(world.context);
const all = async () => (await searchCopy(world.db, context(), [], 1, 100))!;
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

describe('readBook', () => {
  it('keeps every reservation of the entity, whatever its date, for a page of requests per 100; due again after BOOK_READ_EVERY_MS', async () => {
    expect(await bookDue(world.db, world.context, NOW)).toBe(true);
    const total = (await world.api.listReservations({ limit: 1 })).pagination.total_items;
    const [read, sent] = await countRequests(world, () => readBook(world.db, world.api, world.context, NOW));
    expect(read).toEqual({ requests: Math.ceil(total / 100), kept: total });
    expect(sent).toBe(read.requests);
    expect((await all()).pagination.total_items).toBe(total);
    console.log(`the book of the demo world's default entity: ${total} reservations for ${sent} requests`);

    expect(await bookDue(world.db, world.context, at(BOOK_READ_EVERY_MS / 60_000 - 1))).toBe(false);
    expect(await bookDue(world.db, world.context, at(BOOK_READ_EVERY_MS / 60_000))).toBe(true);
  });

  it('reads no further than page 1 when the other pages need more requests than there is room for, and the last book stays', async () => {
    const before = (await all()).pagination.total_items;
    await world.controls.setClock({ now: at(1).toISOString() });
    await bookWharf(world.api, ['2026-07-20', '2026-07-21', '2026-07-22'], 'Roomless');
    const [read, sent] = await countRequests(world, () => readBook(world.db, world.api, world.context, at(1), 2));
    expect(read).toEqual({ requests: 1, kept: null });
    expect(sent).toBe(1);
    expect((await all()).pagination.total_items).toBe(before);
    expect((await all()).asOf).toEqual(NOW);

    // With room, the next read finds the new booking, five weeks out (past the window).
    await readBook(world.db, world.api, world.context, at(2));
    const byName: Condition[] = [{ attribute: 'guest_last_name', modifier: 'eq', value: 'Roomless' }];
    const found = (await searchCopy(world.db, context(), byName))!;
    expect(found.data.map((r) => r.date)).toEqual([expect.stringMatching(/^2026-07-2[012]$/)]);
    expect(found.asOf).toEqual(at(2));
  });

  it('keeps the console’s own write, made while the read was on its way, over the older version the read returned', async () => {
    const [r] = (await searchCopy(world.db, context(), [{ attribute: 'status', modifier: 'eq', value: 'confirmed' }]))!
      .data;
    const written = { ...r!, notes: 'window seat', updated_at: at(10).toISOString() };
    // the read began before the write; the write lands in the book first
    await keepInCopy(world.db, context(), written, at(10));
    await readBook(world.db, world.api, world.context, at(10));
    expect((await findInCopy(world.db, context(), r!.id))!.reservation).toMatchObject({ notes: 'window seat' });
  });
});
