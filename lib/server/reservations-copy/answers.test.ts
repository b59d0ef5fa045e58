import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ANSWER_KEPT_MS, keepSearchAnswer, lastSearchAnswer, reviseSearchAnswers } from './answers';
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
