import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { eventVisibleTo } from '../../changes/events';
import { membersDb } from '../auth/members.fixture';
import { changesAfter, lastChangeId } from '../changes/record';
import { notifications } from '../db/schema';
import { raiseFromChanges } from '../notifications/raise';
import {
  claimNextExport,
  EXPORT_CLAIM_MS,
  exportFileOf,
  exportsOf,
  finishExport,
  pruneExports,
  recordExport,
  releaseExportClaim,
  renewExportClaim,
} from './store';

const { db, member: memberOf } = membersDb();
let serial = 0;
const member = () => memberOf(`export.${++serial}@example.test`);

const start = (staffId: string, total = 250) =>
  recordExport(db(), {
    staffId,
    entityId: 'entity-b',
    query: 'status[in]=confirmed&sort=date',
    locale: 'de',
    sessionVersion: 1,
    total,
    filename: 'reservations-2026-12-01.csv',
  });

/** Claims exports until it gets this member's (other tests' exports may be waiting in the same database). */
async function claimOf(staffId: string, now: Date) {
  for (;;) {
    const claimed = await claimNextExport(db(), now);
    if (!claimed || claimed.staffId === staffId) return claimed;
    await finishExport(db(), claimed.id, { failure: 'not this test’s' }, now);
  }
}

describe('exports prepared on the server', () => {
  it('one export being prepared per member; claimed by one process, taken on again once the claim lapses', async () => {
    const m = await member();
    const first = (await start(m.id)) as { id: string };
    expect(first).toHaveProperty('id');
    expect(await start(m.id)).toEqual({ preparing: true });
    expect(await start((await member()).id)).toHaveProperty('id');

    const now = new Date('2026-12-01T10:00:00Z');
    expect((await claimOf(m.id, now))?.id).toBe(first.id);
    // Held: no other process takes it while the claim runs, nor after a renewal.
    expect(await claimOf(m.id, new Date(now.getTime() + EXPORT_CLAIM_MS - 1))).toBeNull();
    expect(await renewExportClaim(db(), first.id, 100, new Date(now.getTime() + 30_000))).toBe(true);
    expect(await claimOf(m.id, new Date(now.getTime() + EXPORT_CLAIM_MS + 1))).toBeNull();
    expect((await exportsOf(db(), m.id))[0]).toMatchObject({ state: 'preparing', rows: 100, total: 250 });
    // Its process stopped: another takes it on after the lapse, from its start.
    expect((await claimOf(m.id, new Date(now.getTime() + 30_000 + EXPORT_CLAIM_MS + 1)))?.id).toBe(first.id);
    await releaseExportClaim(db(), first.id);
    expect((await exportsOf(db(), m.id))[0]).toMatchObject({ state: 'preparing', rows: 0 });
    expect((await claimOf(m.id, now))?.id).toBe(first.id);
  });

  it('a ready file is its member’s alone; its finish tells them alone and raises an inbox item, as does one that stopped', async () => {
    const m = await member();
    const other = await member();
    const before = await lastChangeId(db());
    const ready = (await start(m.id, 2)) as { id: string };
    expect(await exportFileOf(db(), m.id, ready.id)).toBeNull(); // not ready yet
    const content = 'id;status\r\nr1;confirmed\r\nr2;confirmed\r\n';
    await finishExport(db(), ready.id, { content, rows: 2 }, new Date());
    await finishExport(db(), ready.id, { failure: 'too late' }, new Date()); // once: a second finish changes nothing
    expect(await exportFileOf(db(), m.id, ready.id)).toEqual({
      filename: 'reservations-2026-12-01.csv',
      content,
      rows: 2,
    });
    expect(await exportFileOf(db(), other.id, ready.id)).toBeNull();

    const stopped = (await start(m.id, 900)) as { id: string };
    await renewExportClaim(db(), stopped.id, 300, new Date());
    await finishExport(db(), stopped.id, { failure: 'Das Anfragebudget ist aufgebraucht.' }, new Date());
    expect(await exportFileOf(db(), m.id, stopped.id)).toBeNull();
    expect((await exportsOf(db(), m.id)).map((f) => [f.id, f.state, f.rows, f.failure])).toEqual([
      [stopped.id, 'stopped', 300, 'Das Anfragebudget ist aufgebraucht.'],
      [ready.id, 'ready', 2, null],
    ]);

    const events = (await changesAfter(db(), before)).filter((e) => e.kind === 'export.finished');
    expect(events.map((e) => [e.ids, e.data])).toEqual([
      [
        { staff: m.id, export: ready.id },
        { rows: 2, total: 2, failure: null },
      ],
      [
        { staff: m.id, export: stopped.id },
        { rows: 300, total: 900, failure: 'Das Anfragebudget ist aufgebraucht.' },
      ],
    ]);
    for (const role of ['viewer', 'operator', 'admin'] as const) {
      expect(events.every((e) => eventVisibleTo(role, m.id, e))).toBe(true);
      expect(events.some((e) => eventVisibleTo(role, other.id, e))).toBe(false);
    }
    const raised = await raiseFromChanges(db(), events);
    expect(raised.map((r) => [r.staffId, r.kind, r.reason, r.subjectId])).toEqual([
      [m.id, 'export.finished', 'started_by_you', ready.id],
      [m.id, 'export.finished', 'started_by_you', stopped.id],
    ]);
    const items = await db().select().from(notifications).where(eq(notifications.staffId, m.id));
    expect(items.map((i) => i.data)).toEqual([
      { done: 2, total: 2, failure: null },
      { done: 300, total: 900, failure: 'Das Anfragebudget ist aufgebraucht.' },
    ]);
  });

  it('deletes files past their 7 days, not those being prepared or still kept', async () => {
    const m = await member();
    const old = (await start(m.id, 1)) as { id: string };
    await finishExport(db(), old.id, { content: 'x', rows: 1 }, new Date('2026-11-01T00:00:00Z'));
    const kept = (await start(m.id, 1)) as { id: string };
    await finishExport(db(), kept.id, { content: 'y', rows: 1 }, new Date('2026-11-28T00:00:00Z'));
    const preparing = (await start(m.id, 1)) as { id: string };
    expect(await pruneExports(db(), new Date('2026-12-01T00:00:00Z'))).toBeGreaterThanOrEqual(1);
    expect((await exportsOf(db(), m.id)).map((f) => f.id)).toEqual([preparing.id, kept.id]);
  });
});
