import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { changeEvents } from '../db/schema';
import {
  ANSWER_KEPT_MS,
  currentReservationInAnswers,
  currentSearchAnswer,
  keepSearchAnswer,
  lastSearchAnswer,
  reviseSearchAnswers,
} from './answers';
import { NOW, startWindowWorld, type WindowWorld } from './window.fixture';

let world: WindowWorld;
beforeAll(async () => {
  world = await startWindowWorld();
});
afterAll(() => world?.close());

const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
/** A search the window cannot answer: every confirmed reservation, latest first. */
const QUERY = JSON.stringify([[{ attribute: 'status', modifier: 'eq', value: 'confirmed' }], 1, '-date', 25]);
const apiAnswer = async () => {
  const res = await world.api.listReservations({
    filters: [{ attribute: 'status', modifier: 'eq', value: 'confirmed' }],
    page: 1,
    limit: 25,
    sort: '-date',
  });
  const { current_page, total_pages, total_items, items_per_page } = res.pagination;
  return {
    items: res.data,
    page: current_page,
    totalPages: total_pages,
    totalItems: total_items,
    perPage: items_per_page,
  };
};

describe('the last answers of searches', () => {
  it('keeps the latest read of a search per context, shows it for a day, and never lets an earlier read replace it', async () => {
    const answer = await apiAnswer();
    expect(answer.items.length).toBe(25);
    await keepSearchAnswer(world.db, world.context, QUERY, answer, at(10));
    // A read that began earlier, kept later (another process's): dropped.
    await keepSearchAnswer(world.db, world.context, QUERY, { ...answer, items: [] }, at(5));

    const kept = await lastSearchAnswer(world.db, world.context, QUERY, at(11));
    expect(kept?.readAt.toISOString()).toBe(at(10).toISOString());
    expect(kept?.answer).toEqual(answer);
    expect(await lastSearchAnswer(world.db, 'another-entity', QUERY, at(11))).toBeNull();
    expect(await lastSearchAnswer(world.db, world.context, QUERY.replace('-date', 'date'), at(11))).toBeNull();
    expect(await lastSearchAnswer(world.db, world.context, QUERY, at(10 + ANSWER_KEPT_MS / 60_000 + 1))).toBeNull();
  });

  it("shows the console's own change in every kept answer that lists the reservation", async () => {
    const answer = await apiAnswer();
    await keepSearchAnswer(world.db, world.context, QUERY, answer, at(20));
    const target = answer.items[3]!;
    const canceled = await world.api.cancelReservation(target.id);
    await reviseSearchAnswers(world.db, world.context, canceled);
    await reviseSearchAnswers(world.db, 'another-entity', { ...canceled, status: 'no_show' });

    const kept = (await lastSearchAnswer(world.db, world.context, QUERY, at(21)))!;
    expect(kept.answer.items.map((r) => r.status)).toEqual(
      answer.items.map((r) => (r.id === target.id ? 'canceled' : r.status)),
    );
    expect(kept.answer.totalItems).toBe(answer.totalItems);
    expect(kept.readAt.toISOString()).toBe(at(20).toISOString());
  });

  it('drops answers older than a day when a new one is kept', async () => {
    const answer = await apiAnswer();
    await keepSearchAnswer(world.db, world.context, 'an old search', answer, at(30));
    await keepSearchAnswer(world.db, world.context, QUERY, answer, at(30 + ANSWER_KEPT_MS / 60_000 + 1));
    const { rows } = await world.db.execute<{ query: string }>(`select query from search_answers order by query`);
    expect(rows.map((r) => r.query)).toEqual([QUERY]);
  });
});

describe('answers current while nothing recorded since may have changed them', () => {
  const CURRENT_MS = 30_000;
  // `s` seconds after minute `base` (3,000 on: later than every answer the tests above kept)
  const seconds = (base: number, s: number) => new Date(at(base).getTime() + s * 1_000);
  const recorded = (
    when: Date,
    entityId: string,
    kind: string,
    { reservation = 'r', byMember = true, data = {} }: { reservation?: string; byMember?: boolean; data?: object } = {},
  ) =>
    world.db.insert(changeEvents).values({
      at: when,
      entityId,
      kind,
      ids: { reservation },
      staffId: byMember ? '00000000-0000-4000-8000-000000000001' : null,
      data: data as Record<string, unknown>,
    });
  // the search's conditions and sort: confirmed, latest first
  const search = (query: string) => ({ query, fields: ['status', 'date'] });

  it('answers a search for its time, until a booking, a cancel, an outside change or a change of what it filters on', async () => {
    const answer = await apiAnswer();
    const kept = { context: world.context, entityId: world.context };
    const current = (query: string, when: Date) => currentSearchAnswer(world.db, kept, search(query), when, CURRENT_MS);
    const keptAt = (query: string, when: Date) => keepSearchAnswer(world.db, world.context, query, answer, when);

    await keptAt('q1', at(3_000));
    expect(await current('q1', seconds(3_000, 25))).toEqual(answer);
    // too old to be shown as the API's
    expect(await current('q1', seconds(3_000, 31))).toBeNull();
    // another entity's context, another search: none
    expect(
      await currentSearchAnswer(world.db, { ...kept, context: 'x' }, search('q1'), seconds(3_000, 25), CURRENT_MS),
    ).toBeNull();
    expect(await current('q2', seconds(3_000, 25))).toBeNull();

    // Left current: another entity's cancel, a change to the entity itself, a member's change of
    // the notes and party size (written into the answers that list the reservation).
    await recorded(seconds(3_000, 5), 'another-entity', 'reservation.canceled');
    await recorded(seconds(3_000, 5), world.context, 'entity.changed');
    await recorded(seconds(3_000, 5), world.context, 'reservation.changed', {
      data: { notes: ['a', 'b'], party_size: [2, 4] },
    });
    expect(await current('q1', seconds(3_000, 25))).toEqual(answer);

    // Each of these makes it old: the next search asks the API.
    const makesOld: [string, Parameters<typeof recorded>[3]][] = [
      ['reservation.created', {}],
      ['reservation.canceled', {}],
      ['reservation.changed', { byMember: false, data: { notes: ['a', 'b'] } }],
      ['reservation.changed', { data: { status: ['confirmed', 'pending'] } }],
      ['reservation.changed', { data: { time: ['19:00', '20:00'] } }],
    ];
    for (const [n, [kind, options]] of makesOld.entries()) {
      const base = 3_010 + n;
      await keptAt(`q${base}`, at(base));
      expect(await current(`q${base}`, seconds(base, 25))).toEqual(answer);
      await recorded(seconds(base, 20), world.context, kind, options);
      expect(await current(`q${base}`, seconds(base, 25)), `${kind} ${JSON.stringify(options)}`).toBeNull();
    }

    // a guest's e-mail or name for a search on one
    await keptAt('q-guest', at(3_020));
    await recorded(seconds(3_020, 10), world.context, 'reservation.changed', { data: { guest: true } });
    expect(await current('q-guest', seconds(3_020, 25))).toEqual(answer);
    expect(
      await currentSearchAnswer(
        world.db,
        kept,
        { query: 'q-guest', fields: ['guest_last_name'] },
        seconds(3_020, 25),
        CURRENT_MS,
      ),
    ).toBeNull();

    // read a second after a cancel: the clocks may differ by that much, so not current either
    await recorded(seconds(3_030, 20), world.context, 'reservation.canceled');
    await keptAt('q-close', seconds(3_030, 21));
    expect(await current('q-close', seconds(3_030, 25))).toBeNull();
    await keptAt('q-close', seconds(3_030, 23));
    expect(await current('q-close', seconds(3_030, 25))).toEqual(answer);
  });

  it('gives a reservation as the latest current answer listing it shows it, until a change to it is recorded', async () => {
    const answer = await apiAnswer();
    const kept = { context: world.context, entityId: world.context };
    const [target, other] = [answer.items[5]!, answer.items[6]!];
    const older = { ...answer, items: answer.items.map((r) => (r.id === target.id ? { ...r, party_size: 99 } : r)) };
    await keepSearchAnswer(world.db, world.context, `${QUERY} older`, older, at(3_100));
    await keepSearchAnswer(world.db, world.context, `${QUERY} newer`, answer, seconds(3_100, 5));
    const shown = (id: string, s: number) =>
      currentReservationInAnswers(world.db, kept, id, seconds(3_100, s), CURRENT_MS);

    expect(await shown(target.id, 30)).toEqual(target);
    expect(await shown('not-listed', 30)).toBeNull();
    expect(await shown(target.id, 36)).toBeNull();
    // a change to another reservation leaves it; a change to it does not
    await recorded(seconds(3_100, 10), world.context, 'reservation.canceled', { reservation: other.id });
    expect(await shown(target.id, 30)).toEqual(target);
    expect(await shown(other.id, 30)).toBeNull();
    await recorded(seconds(3_100, 10), world.context, 'reservation.changed', { reservation: target.id });
    expect(await shown(target.id, 30)).toBeNull();
  });
});
