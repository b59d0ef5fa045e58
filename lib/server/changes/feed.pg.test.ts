import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import type { Reservation } from '../../guestbook/schemas';
import type { DashboardTx, OpenedDb } from '../db/open';
import { postgresDashboardDb } from '../db/postgres-db.fixture';
import { changeEvents } from '../db/schema';
import { recordTurnChanges } from '../reservations-copy/turn-changes';
import { ChangeFeed, postgresListener } from './feed';
import { recordChange } from './record';
import { underWay } from './under-way';

const postgres = postgresDashboardDb();

const who = { id: '00000000-0000-4000-8000-00000000000a', name: 'Olu Operator' };

/**
 * Ends the feed's listening connection as a failover or a network cut would, once it is back from
 * the last drop; returns how many were ended.
 */
async function dropListener(db: OpenedDb['db']): Promise<number> {
  for (let tries = 0; tries < 100; tries++) {
    const found = await db.execute(
      sql`select 1 from pg_stat_activity where application_name = 'guestbook-change-feed' and query ilike 'LISTEN%'`,
    );
    if ((found as unknown as { rows: unknown[] }).rows.length) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const rows = await db.execute<{ ended: boolean }>(
    sql`select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = 'guestbook-change-feed'`,
  );
  return (rows as unknown as { rows: { ended: boolean }[] }).rows.filter((r) => r.ended).length;
}

/** What a sync turn found of reservation `id`: canceled since the copy had it confirmed. */
const cancelFound = (id: string) => ({
  context: 'e1',
  first: false,
  changes: [
    {
      kind: 'changed' as const,
      id,
      before: { id, status: 'confirmed' } as unknown as Reservation,
      reservation: { id, status: 'canceled' } as unknown as Reservation,
      fields: [],
    },
  ],
});

/** The feed's rows naming reservation `id`, in id order. */
const eventsOf = (id: string) =>
  postgres.db
    .select({ id: changeEvents.id, staffId: changeEvents.staffId, kind: changeEvents.kind })
    .from(changeEvents)
    .where(sql`${changeEvents.ids}->>'reservation' = ${id}`)
    .orderBy(changeEvents.id);

async function until(check: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
}

describe('the change feed on PostgreSQL', () => {
  it('every event written while the listening connection is dropped arrives once, in id order', async () => {
    const db = postgres.db;
    // The 30 s poll is out of the picture: only notifications and the reads after a reconnect deliver.
    const feed = new ChangeFeed(db, postgresListener(postgres.url, { maxPauseMs: 100 }), 3_600_000);
    await feed.start();
    const received: number[] = [];
    feed.subscribe((events) => received.push(...events.map((e) => e.id)));

    const written: number[] = [];
    let dropped = 0;
    const writer = async (w: number) => {
      for (let i = 0; i < 40; i++) {
        const ids = await db.transaction((tx) =>
          recordChange(tx, {
            kind: 'reservation.changed',
            entityId: 'e1',
            ids: { reservation: `r-${w}-${i}` },
            who,
            data: { party_size: [i, i + 1] },
          }),
        );
        written.push(...ids);
        if (w === 0 && i % 10 === 5) dropped += await dropListener(db);
      }
    };
    await Promise.all([0, 1, 2, 3].map(writer));
    // The last ones are written while the listener is away, with no notification after them: the
    // read after the reconnect alone delivers them.
    dropped += await dropListener(db);
    for (let i = 0; i < 5; i++)
      written.push(
        ...(await db.transaction((tx) =>
          recordChange(tx, {
            kind: 'reservation.created',
            entityId: 'e1',
            ids: { reservation: `late-${i}` },
            who: null,
          }),
        )),
      );
    await until(() => received.length >= written.length, 20_000);
    await feed.stop();

    expect(dropped).toBeGreaterThanOrEqual(4);
    expect(written).toHaveLength(165);
    expect(received).toEqual([...written].sort((a, b) => a - b));
  });

  it('a notification is sent on commit only: a rolled-back change is never delivered', async () => {
    const db = postgres.db;
    const feed = new ChangeFeed(db, postgresListener(postgres.url), 3_600_000);
    await feed.start();
    const received: string[] = [];
    feed.subscribe((events) => received.push(...events.map((e) => String(e.ids.reservation))));
    await db
      .transaction(async (tx) => {
        await recordChange(tx, { kind: 'reservation.canceled', entityId: 'e1', ids: { reservation: 'gone' }, who });
        throw new Error('the write failed');
      })
      .catch(() => undefined);
    await db.transaction((tx) =>
      recordChange(tx, { kind: 'reservation.canceled', entityId: 'e1', ids: { reservation: 'kept' }, who: null }),
    );
    await until(() => received.length > 0, 10_000);
    await feed.stop();
    expect(received).toEqual(['kept']);
  });

  it("a member's cancel that commits while a sync turn records the cancel it found is never followed by an 'outside' word on it", async () => {
    const db = postgres.db;
    const id = 'r-raced';
    // The member's action, its API call answered, records its cancel: it commits after the turn
    // began deciding what it found, before the turn wrote anything (the turn's first statement of
    // the feed is paused until the member's write has committed).
    const memberCancels = () =>
      db.transaction((tx) =>
        recordChange(tx, { kind: 'reservation.canceled', entityId: 'e1', ids: { reservation: id }, who }),
      );
    await db.transaction(async (tx) => {
      let paused = false;
      const turnTx = new Proxy(tx, {
        get(target, key, receiver) {
          if (key !== 'execute') return Reflect.get(target, key, receiver);
          return async (...args: Parameters<DashboardTx['execute']>) => {
            if (!paused) {
              paused = true;
              await memberCancels();
            }
            return target.execute(...args);
          };
        },
      });
      await recordTurnChanges(turnTx, cancelFound(id));
    });
    const rows = await eventsOf(id);
    expect(rows.length).toBeGreaterThanOrEqual(1);
    // The last word on the reservation is the member's: a list shows "Canceled by Olu Operator".
    expect(rows.at(-1)).toMatchObject({ kind: 'reservation.canceled', staffId: who.id });
  });

  it('a cancel a sync turn finds while the member’s action is under way is theirs; one the API refused is forgotten', async () => {
    const db = postgres.db;
    const found = (id: string) => db.transaction((tx) => recordTurnChanges(tx, cancelFound(id)));
    // The API has canceled it, and the turn reads it before the action records its event (noted before the call).
    const mine = await underWay(
      db,
      { reservationId: 'r-under-way', kind: 'reservation.canceled', staffId: who.id },
      () => found('r-under-way'),
    );
    expect(mine).toBe(0);
    expect(await eventsOf('r-under-way')).toEqual([]);
    // A cancel the API refused leaves no note: the guest's cancel found after it is the guest's.
    await expect(
      underWay(db, { reservationId: 'r-refused', kind: 'reservation.canceled', staffId: who.id }, () =>
        Promise.reject(new Error('refused')),
      ),
    ).rejects.toThrow('refused');
    expect(await found('r-refused')).toBe(1);
    expect(await eventsOf('r-refused')).toMatchObject([{ kind: 'reservation.canceled', staffId: null }]);
  });
});
