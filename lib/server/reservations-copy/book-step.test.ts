import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Condition } from '../../guestbook/filters';
import { BOOK_IN_STEP_MS, bookContext, readBook } from './book';
import { findInCopy, searchCopy } from './search';
import { syncWindowTurn, type TurnReport } from './sync';
import { bookWharf, countRequests, NOW, startWindowWorld, TOMORROW, type WindowWorld } from './window.fixture';

let world: WindowWorld;
beforeAll(async () => {
  world = await startWindowWorld();
});
afterAll(() => world?.close());

const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
/** The book's clock and the sandbox's in step: what is booked after `minutes` is made then. */
const clockAt = (minutes: number) => world.controls.setClock({ now: at(minutes).toISOString() });
const turnAt = async (minutes: number): Promise<[TurnReport, number]> => {
  await clockAt(minutes);
  return countRequests(world, () =>
    syncWindowTurn(world.db, world.api, world.context, at(minutes), { keepBook: true }),
  );
};
const inBook = async (lastName: string) => {
  const byName: Condition[] = [{ attribute: 'guest_last_name', modifier: 'eq', value: lastName }];
  return (await searchCopy(world.db, bookContext(world.context), byName))!;
};
/** Five weeks out: past the window. */
const FAR = ['2026-07-20', '2026-07-21', '2026-07-22'];

describe('keepBookInStep (a window’s turns keep its entity’s book)', () => {
  it('brings the book in step at the window’s first turn: a booking made past the window since the book’s read is found, though a later booking moved the window’s newest past it', async () => {
    await readBook(world.db, world.api, world.context, NOW);
    await clockAt(1);
    const far = await bookWharf(world.api, FAR, 'Earlybird');
    await clockAt(10);
    await bookWharf(world.api, [TOMORROW], 'Nearby');
    expect((await inBook('Earlybird')).data).toEqual([]);

    const [first] = await turnAt(11);
    expect(first.first).toBe(true);
    expect(first.changes).toContainEqual(expect.objectContaining({ kind: 'added', id: far.id, source: 'booked' }));
    expect((await inBook('Earlybird')).data.map((r) => r.id)).toEqual([far.id]);
    expect((await inBook('Earlybird')).asOf).toEqual(at(11));

    const [next, cost] = await turnAt(12);
    expect(next.changes).toEqual([]);
    expect((await inBook('Earlybird')).asOf).toEqual(at(12));
    // today and tomorrow, and the reservations made since on every date: one page each
    expect(cost).toBe(2);
  });

  it('brings a guest’s booking past the window and a cancel inside it into the book at the next turn; a change past the window waits for the book’s next read', async () => {
    await clockAt(13);
    const far = await bookWharf(world.api, FAR, 'Farsighted');
    const near = await bookWharf(world.api, [TOMORROW], 'Nearsighted');
    const [booked] = await turnAt(14);
    expect(booked.changes.map((c) => c.id).sort()).toEqual([far.id, near.id].sort());
    expect((await inBook('Farsighted')).data.map((r) => r.id)).toEqual([far.id]);
    // a booking made later: the turns after it no longer ask for the two above (CREATED_OVERLAP_MS)
    await clockAt(20);
    await bookWharf(world.api, [TOMORROW], 'Latecomer');
    await turnAt(21);

    await world.api.cancelReservation(near.id);
    await world.api.updateReservation(far.id, { party_size: 3 });
    const [turn] = await turnAt(22);
    expect(turn.changes.map((c) => c.id)).toEqual([near.id]);
    expect((await findInCopy(world.db, bookContext(world.context), near.id))!.reservation.status).toBe('canceled');
    expect((await inBook('Farsighted')).data.map((r) => r.party_size)).toEqual([2]);

    await readBook(world.db, world.api, world.context, at(23));
    expect((await inBook('Farsighted')).data.map((r) => r.party_size)).toEqual([3]);
  });

  it('leaves the book as of its last step once its last read is more than BOOK_IN_STEP_MS old, and still writes what the turn found', async () => {
    const late = 23 + BOOK_IN_STEP_MS / 60_000 + 1;
    await clockAt(late - 1);
    const far = await bookWharf(world.api, FAR, 'Overdue');
    const [turn] = await turnAt(late);
    expect(turn.changes).toContainEqual(expect.objectContaining({ kind: 'added', id: far.id }));
    const found = await inBook('Overdue');
    expect(found.data.map((r) => r.id)).toEqual([far.id]);
    expect(found.asOf).toEqual(at(23));
  });

  it('reports a reservation moved into the window from a day past it as a change of its date, not as a booking', async () => {
    const start = 23 + BOOK_IN_STEP_MS / 60_000 + 2;
    await clockAt(start);
    const far = await bookWharf(world.api, FAR, 'Mover');
    await readBook(world.db, world.api, world.context, at(start + 1));
    await turnAt(start + 2);
    const movedTo = await world.api.updateReservation(far.id, { date: TOMORROW });
    expect(movedTo.date).toBe(TOMORROW);

    const [turn] = await turnAt(start + 3);
    const change = turn.changes.find((c) => c.id === far.id);
    expect(change).toMatchObject({ kind: 'changed', before: { date: far.date }, reservation: { date: TOMORROW } });
    expect(change?.kind === 'changed' && change.fields.map((f) => [f.field, f.from, f.to])).toContainEqual([
      'date',
      far.date,
      TOMORROW,
    ]);
  });
});
