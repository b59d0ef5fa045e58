import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { eventVisibleTo } from '../../changes/events';
import { membersDb } from '../auth/members.fixture';
import { createStaff } from '../auth/staff-store';
import { changesAfter, lastChangeId } from '../changes/record';
import { notifications } from '../db/schema';
import { raiseFromChanges } from '../notifications/raise';
import {
  claimNextJob,
  dismissJob,
  finishJob,
  JOB_CLAIM_MS,
  jobsOf,
  nextRow,
  pruneJobs,
  recordJob,
  recordOutcome,
  releaseClaim,
  renewClaim,
  stopRest,
} from './store';

const { db } = membersDb();
let serial = 0;

async function member() {
  const n = ++serial;
  return createStaff(db(), {
    email: `bulk.${n}@example.test`,
    name: `Bulk ${n}`,
    role: 'operator',
    password: 'a long enough password',
  });
}

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: randomUUID(), name: `Guest ${i + 1}` }));

const job = (staffId: string, n = 3) =>
  recordJob(db(), { staffId, kind: 'cancel', entityId: 'entity-b', locale: 'de', sessionVersion: 1, rows: rows(n) });

/** Claims jobs until it gets this member's (other tests' jobs may be waiting in the same database). */
async function claimOf(staffId: string, now: Date) {
  for (;;) {
    const claimed = await claimNextJob(db(), now);
    if (!claimed || claimed.staffId === staffId) return claimed;
    await finishJob(db(), claimed.id, now);
  }
}

describe('bulk jobs on the server', () => {
  it('records a job with its rows, one running job per member, the next once it finished', async () => {
    const m = await member();
    const first = await job(m.id);
    expect(first).toHaveProperty('id');
    expect(await job(m.id)).toEqual({ running: true });
    // Another member is not held up.
    expect(await job((await member()).id)).toHaveProperty('id');
    await finishJob(db(), (first as { id: string }).id, new Date());
    expect(await job(m.id)).toHaveProperty('id');
  });

  it('keeps what a change of the team gives each member, for the process that claims it', async () => {
    const m = await member();
    const recorded = await recordJob(db(), {
      staffId: m.id,
      kind: 'change',
      entityId: null,
      locale: 'en',
      sessionVersion: 1,
      params: { role: 'viewer' },
      rows: rows(2),
    });
    const claimed = await claimOf(m.id, new Date());
    expect(claimed).toMatchObject({ id: (recorded as { id: string }).id, kind: 'change', params: { role: 'viewer' } });
    expect((await jobsOf(db(), m.id))[0]).toMatchObject({ kind: 'change', total: 2, finished: false });
  });

  it('runs each row once, records its outcome, and reports the rows tried in order', async () => {
    const m = await member();
    const { id } = (await job(m.id, 4)) as { id: string };
    const now = new Date();
    expect((await claimOf(m.id, now))?.id).toBe(id);
    const first = await nextRow(db(), id);
    expect(first).toMatchObject({ position: 0, name: 'Guest 1' });
    await recordOutcome(db(), id, 0, { result: 'done' });
    await recordOutcome(db(), id, 1, { result: 'refused', reason: 'Bereits storniert.' });
    await stopRest(db(), id, 'Zu viele Stornierungen.', 'Guest 2');
    expect(await nextRow(db(), id)).toBeNull();
    await finishJob(db(), id, now);
    const [view] = await jobsOf(db(), m.id);
    expect(view).toMatchObject({ id, kind: 'cancel', total: 4, finished: true });
    expect(view!.report.map((o) => [o.name, o.result])).toEqual([
      ['Guest 1', 'done'],
      ['Guest 2', 'refused'],
      ['Guest 3', 'not tried'],
      ['Guest 4', 'not tried'],
    ]);
    expect(view!.report[2]).toMatchObject({ reason: 'Zu viele Stornierungen.', stoppedAt: 'Guest 2' });
  });

  it('a claim is one process’s at a time: another takes the job on only once it lapsed or was given up', async () => {
    const m = await member();
    const { id } = (await job(m.id)) as { id: string };
    const now = new Date();
    expect((await claimOf(m.id, now))?.id).toBe(id);
    await recordOutcome(db(), id, 0, { result: 'done' });
    // Held: no other process gets it (none of this member's jobs is free).
    const again = await claimNextJob(db(), now);
    expect(again?.id).not.toBe(id);
    if (again) await finishJob(db(), again.id, now);
    // The process stopped without a word: the claim lapses, and the job resumes at its second row.
    const later = new Date(now.getTime() + JOB_CLAIM_MS + 1);
    expect((await claimOf(m.id, later))?.id).toBe(id);
    expect(await nextRow(db(), id)).toMatchObject({ position: 1 });
    // Given up on shutdown: free at once.
    await releaseClaim(db(), id);
    expect((await claimOf(m.id, later))?.id).toBe(id);
    expect(await renewClaim(db(), id, later)).toBe(true);
    await finishJob(db(), id, later);
    expect(await renewClaim(db(), id, later)).toBe(false);
  });

  it('two processes claiming at once never get the same job', async () => {
    const a = await member();
    const b = await member();
    await job(a.id);
    await job(b.id);
    const now = new Date();
    const claims = await Promise.all([claimNextJob(db(), now), claimNextJob(db(), now), claimNextJob(db(), now)]);
    const ids = claims.filter((c) => c !== null).map((c) => c!.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) await finishJob(db(), id, now);
  });

  it('a finished outcome stays until its member closes it; no one else can close it', async () => {
    const m = await member();
    const other = await member();
    const { id } = (await job(m.id, 1)) as { id: string };
    expect(await dismissJob(db(), m.id, id, new Date())).toBe(false); // still running
    await finishJob(db(), id, new Date());
    expect(await dismissJob(db(), other.id, id, new Date())).toBe(false);
    expect((await jobsOf(db(), m.id)).map((j) => j.id)).toEqual([id]);
    expect(await dismissJob(db(), m.id, id, new Date())).toBe(true);
    expect(await jobsOf(db(), m.id)).toEqual([]);
  });

  it('a finished job tells its member alone; one that did not do every row raises an inbox item for them', async () => {
    const m = await member();
    const other = await member();
    const before = await lastChangeId(db());
    const whole = (await job(m.id, 2)) as { id: string };
    await recordOutcome(db(), whole.id, 0, { result: 'done' });
    await recordOutcome(db(), whole.id, 1, { result: 'done' });
    await finishJob(db(), whole.id, new Date());
    const partWay = (await job(m.id, 3)) as { id: string };
    await recordOutcome(db(), partWay.id, 0, { result: 'done' });
    await recordOutcome(db(), partWay.id, 1, { result: 'refused', reason: 'Bereits storniert.' });
    await recordOutcome(db(), partWay.id, 2, { result: 'done' });
    await finishJob(db(), partWay.id, new Date());
    await finishJob(db(), partWay.id, new Date()); // once: a second finish records nothing

    const events = (await changesAfter(db(), before)).filter((e) => e.kind === 'bulk.finished');
    expect(events.map((e) => [e.ids, e.data])).toEqual([
      [
        { staff: m.id, job: whole.id },
        { bulk: 'cancel', done: 2, total: 2 },
      ],
      [
        { staff: m.id, job: partWay.id },
        { bulk: 'cancel', done: 2, total: 3 },
      ],
    ]);
    for (const role of ['viewer', 'operator', 'admin'] as const) {
      expect(events.every((e) => eventVisibleTo(role, m.id, e))).toBe(true);
      expect(events.some((e) => eventVisibleTo(role, other.id, e))).toBe(false);
    }
    const raised = await raiseFromChanges(db(), events);
    expect(raised.map((r) => [r.staffId, r.kind, r.reason, r.subjectId])).toEqual([
      [m.id, 'bulk.ended_part_way', 'started_by_you', partWay.id],
    ]);
    const items = await db().select().from(notifications).where(eq(notifications.staffId, m.id));
    expect(items.map((i) => i.data)).toEqual([{ bulk: 'cancel', done: 2, total: 3 }]);
  });

  it('prunes finished jobs past their retention, not running ones', async () => {
    const m = await member();
    const { id } = (await job(m.id, 1)) as { id: string };
    await finishJob(db(), id, new Date('2026-01-01T00:00:00Z'));
    const running = (await job(m.id, 1)) as { id: string };
    expect(await pruneJobs(db(), new Date('2026-03-01T00:00:00Z'))).toBeGreaterThanOrEqual(1);
    expect((await jobsOf(db(), m.id)).map((j) => j.id)).toEqual([running.id]);
  });
});
