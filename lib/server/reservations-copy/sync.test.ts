import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Condition } from '../../guestbook/filters';
import { isFinalStatus } from '../../guestbook/reservation-statuses';
import type { Reservation } from '../../guestbook/schemas';
import { dateRange } from '../../overview/figures';
import { searchCopy } from './search';
import { syncWindowTurn, type TurnOptions, type TurnReport, type WindowChange } from './sync';
import { FULL_READ_EVERY_MS } from './window';
import { bookWharf, countRequests, NOW, startWindowWorld, TODAY, TOMORROW, type WindowWorld } from './window.fixture';

let world: WindowWorld;
beforeAll(async () => {
  world = await startWindowWorld();
});
afterAll(() => world?.close());

/** The turns' clock: each turn a minute after the last unless told. */
let minutes = 0;
const turn = async (advance = 1, options: TurnOptions = {}): Promise<[TurnReport, number]> => {
  minutes += advance;
  const now = new Date(NOW.getTime() + minutes * 60_000);
  // The sandbox's clock in step: what is booked after this turn is made after `now`.
  await world.controls.setClock({ now: now.toISOString() });
  return countRequests(world, () => syncWindowTurn(world.db, world.api, world.context, now, options));
};

const changeOf = (report: TurnReport, id: string): WindowChange | undefined => report.changes.find((c) => c.id === id);
const fieldsOf = (change: WindowChange | undefined) =>
  change?.kind === 'changed' ? Object.fromEntries(change.fields.map((f) => [f.field, [f.from, f.to]])) : {};
const byLastName = (name: string): Condition[] => [
  { attribute: 'date', modifier: 'gte', value: TODAY },
  { attribute: 'date', modifier: 'lte', value: TOMORROW },
  { attribute: 'guest_last_name', modifier: 'eq', value: name },
];

describe('syncWindowTurn', () => {
  it('reads the window in full at the first turn, then today, tomorrow and the new reservations: its cost a minute', async () => {
    const [firstTurn, firstCost] = await turn(0);
    expect(firstTurn).toMatchObject({ full: true, first: true, window: { first: TODAY, last: '2026-06-28' } });
    expect(firstTurn.changes.length).toBeGreaterThan(100);
    expect(firstTurn.changes.every((c) => c.kind === 'added' && c.source === 'booked')).toBe(true);
    expect(firstTurn.requests).toBe(firstCost);

    const [next, cost] = await turn();
    expect(next).toMatchObject({ full: false, first: false, changes: [], expired: 0 });
    expect(next.requests).toBe(cost);
    // today and tomorrow (one page), the reservations made since (one page)
    expect(cost).toBe(2);

    const [full, fullCost] = await turn(FULL_READ_EVERY_MS / 60_000);
    expect(full).toMatchObject({ full: true, changes: [] });
    const turnsPerFull = FULL_READ_EVERY_MS / 60_000;
    const perMinute = (cost * (turnsPerFull - 1) + fullCost) / turnsPerFull;
    console.log(
      `The window of the demo world's default entity (${firstTurn.changes.length} reservations over 14 days): ` +
        `a turn costs ${cost} API requests, a full read ${fullCost} (venues and ${Math.ceil(firstTurn.changes.length / 100)} pages, ` +
        `every ${turnsPerFull} min); at one turn a minute, ${perMinute.toFixed(1)} requests a minute of the 1,000 (first turn: ${firstCost}).`,
    );
    expect(perMinute).toBeLessThan(5);
  });

  it('reports a reservation booked, its party size changed and then canceled, each at the next turn, old → new', async () => {
    const booked = await bookWharf(world.api, [TOMORROW], 'Windowsill');
    const [afterBooking] = await turn();
    expect(changeOf(afterBooking, booked.id)).toMatchObject({
      kind: 'added',
      source: 'booked',
      reservation: { party_size: 2 },
    });
    const found = await searchCopy(world.db, world.context, byLastName('windowsill'));
    expect(found!.data.map((r) => [r.id, r.party_size, r.status])).toEqual([[booked.id, 2, booked.status]]);

    await world.api.updateReservation(booked.id, { party_size: 3 });
    const [afterChange] = await turn();
    expect(afterChange.changes.map((c) => c.id)).toEqual([booked.id]);
    expect(fieldsOf(changeOf(afterChange, booked.id))).toEqual({ party_size: [2, 3] });

    await world.api.cancelReservation(booked.id);
    const [afterCancel] = await turn();
    expect(fieldsOf(changeOf(afterCancel, booked.id))).toMatchObject({ status: [booked.status, 'canceled'] });
    const canceled = await searchCopy(world.db, world.context, [
      ...byLastName('WINDOWSILL'),
      { attribute: 'status', modifier: 'eq', value: 'canceled' },
    ]);
    expect(canceled!.data.map((r) => [r.id, r.party_size, r.status])).toEqual([[booked.id, 3, 'canceled']]);
  });

  it('records what it found in the transaction that writes it: a failed record leaves the copy as it was, and the next turn finds the change again', async () => {
    const booked = await bookWharf(world.api, [TOMORROW], 'Ledger');
    await turn();
    await world.api.updateReservation(booked.id, { party_size: 5 });
    const partySize = async () =>
      (await searchCopy(world.db, world.context, byLastName('ledger')))!.data.map((r) => r.party_size);

    const failing: TurnOptions = {
      record: async (tx, found) => {
        // written in the same transaction as the copy: the copy holds the new party size here
        const { rows } = await tx.execute<{ party_size: number }>(
          sql`select party_size from reservations_copy where id = ${booked.id}`,
        );
        expect(rows.map((r) => r.party_size)).toEqual([5]);
        expect(found.changes.map((c) => c.id)).toEqual([booked.id]);
        throw new Error('the change feed is not writable');
      },
    };
    await expect(turn(1, failing)).rejects.toThrow('the change feed is not writable');
    expect(await partySize()).toEqual([2]);

    const recorded: string[] = [];
    const [again] = await turn(1, {
      record: async (_tx, found) => {
        recorded.push(...found.changes.map((c) => c.id));
        return found.changes.length;
      },
    });
    expect(fieldsOf(changeOf(again, booked.id))).toEqual({ party_size: [2, 5] });
    expect(again.recorded).toBe(1);
    expect(recorded).toEqual([booked.id]);
    expect(await partySize()).toEqual([5]);
  });

  it('sees a change further out at the next full read of the window, and a booking further out at once', async () => {
    const later = dateRange(TODAY, 12).slice(3);
    const day = await world.api.listReservations({
      filters: [{ attribute: 'date', modifier: 'eq', value: later[2]! }],
      limit: 100,
    });
    const seeded = day.data.find((r: Reservation) => !isFinalStatus(r.status) && (r.party_size ?? 0) > 1)!;
    await world.api.updateReservation(seeded.id, { party_size: seeded.party_size! - 1 });
    const booked = await bookWharf(world.api, later, 'Farsight');
    expect(booked.date! > TOMORROW).toBe(true);

    const [partial] = await turn();
    expect(partial.full).toBe(false);
    expect(changeOf(partial, booked.id)).toMatchObject({ kind: 'added', source: 'booked' });
    expect(changeOf(partial, seeded.id)).toBeUndefined();

    const [full] = await turn(FULL_READ_EVERY_MS / 60_000);
    expect(full.full).toBe(true);
    expect(fieldsOf(changeOf(full, seeded.id))).toEqual({ party_size: [seeded.party_size, seeded.party_size! - 1] });
    expect(full.changes.map((c) => c.id)).toEqual([seeded.id]);
  });

  it('moves with the day: the past day is dropped, the new last day enters, and the past day is the API’s to answer', async () => {
    const today: Condition[] = [{ attribute: 'date', modifier: 'eq', value: TODAY }];
    expect(await searchCopy(world.db, world.context, today)).not.toBeNull();
    const [nextDay] = await turn(24 * 60);
    expect(nextDay).toMatchObject({ full: true, window: { first: TOMORROW, last: '2026-06-29' } });
    expect(nextDay.expired).toBeGreaterThan(0);
    expect(nextDay.changes.length).toBeGreaterThan(0);
    expect(nextDay.changes.every((c) => c.kind === 'added' && c.source === 'window')).toBe(true);
    expect(nextDay.changes.every((c) => c.kind === 'added' && c.reservation.date === '2026-06-29')).toBe(true);
    expect(await searchCopy(world.db, world.context, today)).toBeNull();
  });
});
