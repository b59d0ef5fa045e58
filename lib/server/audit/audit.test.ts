import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { SHARED_ACTIVITY_ACTIONS } from '@/lib/activity/visibility';

import { openMemoryDb } from '../db/memory-db.fixture';
import type { OpenedDb } from '../db/open';
import { auditLog } from '../db/schema';

vi.mock('server-only', () => ({}));
const { auditFacets, auditPage, FOLD_MINUTES, insertAudit, listAudit, pruneAudit } = await import('./audit');

let opened: OpenedDb;
beforeAll(async () => {
  opened = await openMemoryDb();
});
afterAll(() => opened.close());

const NOW = new Date('2026-11-29T10:07:00.000Z');
const refusal = (email: string, address: string, reason = 'invalid') => ({
  staffId: null,
  staffEmail: email,
  action: 'sign-in',
  resourceType: 'session',
  result: 'refused' as const,
  message: `${reason}: password from ${address}`,
  foldOn: JSON.stringify([email, reason, 'password', address]),
});
const rowsOf = (email: string) => listAudit({ staffEmail: email, limit: 1_000 }, opened.db);

describe('the activity log against flooding', () => {
  it('folds the same refused sign-in from one address into one row a quarter of an hour, counting every attempt', async () => {
    const email = 'flood.target@demo.test';
    // 40 at once from one address, 3 from another, and a success in between.
    await Promise.all([
      ...Array.from({ length: 40 }, () => insertAudit(opened.db, refusal(email, '203.0.113.9'), NOW)),
      ...Array.from({ length: 3 }, () => insertAudit(opened.db, refusal(email, '198.51.100.4'), NOW)),
      insertAudit(
        opened.db,
        { staffId: null, staffEmail: email, action: 'sign-in', result: 'ok', message: 'password from 198.51.100.4' },
        NOW,
      ),
    ]);
    const rows = await rowsOf(email);
    expect(rows.map((r) => [r.result, r.message, r.repeats]).sort()).toEqual([
      ['ok', 'password from 198.51.100.4', 1],
      ['refused', 'invalid: password from 198.51.100.4', 3],
      ['refused', 'invalid: password from 203.0.113.9', 40],
    ]);
    expect(rows.find((r) => r.repeats === 40)!.lastAt).toBeInstanceOf(Date);
    expect(rows.find((r) => r.result === 'ok')!.lastAt).toBeNull();

    // The next quarter of an hour starts a row of its own; another reason too.
    const later = new Date(NOW.getTime() + FOLD_MINUTES * 60_000);
    await insertAudit(opened.db, refusal(email, '203.0.113.9'), later);
    await insertAudit(opened.db, refusal(email, '203.0.113.9', 'throttled'), NOW);
    expect(await rowsOf(email)).toHaveLength(5);
  });

  it('reads every page of the log through an index, never sorting the whole table', async () => {
    // A flooded log: 30,000 sign-ins, 3,000 changes of 30 members.
    await opened.db.execute(sql`
      insert into audit_log (at, staff_email, action, result, message)
      select now() - make_interval(secs => g), 'unknown account', 'sign-in', 'refused', 'invalid'
      from generate_series(1, 30000) g`);
    await opened.db.execute(sql`
      insert into audit_log (at, staff_email, action, result)
      select now() - make_interval(secs => g * 7), 'member' || (g % 30) || '@demo.test', 'cancel-reservation', 'ok'
      from generate_series(1, 3000) g`);
    await opened.db.execute(sql`analyze audit_log`);
    const plan = async (q: Parameters<typeof auditPage>[1]) => {
      const { sql: text, params } = auditPage(opened.db, { limit: 51, ...q }).toSQL();
      const { rows } = await opened.db.$client.query<{ 'QUERY PLAN': string }>(`explain ${text}`, params);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    };
    const cursor = { at: new Date(), id: 'ffffffff-ffff-4fff-bfff-ffffffffffff' };
    for (const q of [
      {},
      { kind: 'changes' as const },
      { action: 'cancel-reservation' },
      { staffEmail: 'member7@demo.test' },
      { staffEmail: 'member7@demo.test', after: cursor },
      { action: 'sign-in', after: cursor },
    ]) {
      const text = await plan(q);
      expect(text, JSON.stringify(q)).toMatch(/Index Scan/);
      expect(text, JSON.stringify(q)).not.toMatch(/Sort|Seq Scan/);
    }
  });

  it('lists the members and actions a reader may read, one step of the index each', async () => {
    const all = await auditFacets(null, undefined, opened.db);
    expect(all.members).toContain('unknown account');
    expect(all.members.filter((m) => m.startsWith('member'))).toHaveLength(30);
    expect(all.members).toEqual([...all.members].sort());
    expect(all.actions).toEqual(['cancel-reservation', 'sign-in']);
    const shared = await auditFacets(SHARED_ACTIVITY_ACTIONS, undefined, opened.db);
    expect(shared.actions).toEqual(['cancel-reservation']);
    expect(shared.members).not.toContain('unknown account');
    expect((await auditFacets(null, 'sign-ins', opened.db)).actions).toEqual(['sign-in']);
  });

  it('deletes the rows past their retention, the sign-ins sooner', async () => {
    const day = 86_400_000;
    await opened.db.insert(auditLog).values([
      { at: new Date(NOW.getTime() - 401 * day), staffEmail: 'old@demo.test', action: 'update-entity', result: 'ok' },
      { at: new Date(NOW.getTime() - 399 * day), staffEmail: 'old@demo.test', action: 'update-entity', result: 'ok' },
      { at: new Date(NOW.getTime() - 91 * day), staffEmail: 'old@demo.test', action: 'sign-in', result: 'ok' },
      { at: new Date(NOW.getTime() - 89 * day), staffEmail: 'old@demo.test', action: 'sign-in', result: 'ok' },
    ]);
    expect(await pruneAudit(opened.db, { days: 400, signInDays: 90 }, NOW)).toBe(2);
    const left = await rowsOf('old@demo.test');
    expect(left.map((r) => [r.action, Math.round((NOW.getTime() - r.at.getTime()) / day)])).toEqual([
      ['sign-in', 89],
      ['update-entity', 399],
    ]);
  });

  it('finds a record’s history among the rows that name it as one of their records, written before the column too', async () => {
    const [c1, c2, c3] = [
      'c0000001-0000-4000-8000-000000000001',
      'c0000001-0000-4000-8000-000000000002',
      'c0000001-0000-4000-8000-000000000003',
    ];
    const member = { staffId: null, staffEmail: 'grid@demo.test', resourceType: 'commitments', result: 'ok' as const };
    await insertAudit(opened.db, { ...member, action: 'apply-allocation', recordIds: [c1, c2, c1] }, NOW);
    await insertAudit(opened.db, { ...member, action: 'apply-allocation', recordIds: [c3] }, NOW);
    // A restore written before the records column: found once the migration has read its sets.
    await opened.db.execute(sql`
      insert into audit_log (at, staff_email, action, resource_type, result, after)
      values (${NOW.toISOString()}::timestamptz, 'grid@demo.test', 'restore-allocation', 'commitments', 'ok',
        ${JSON.stringify([{ entityId: 'e1', data: [{ id: c2, entity_seats: 4 }] }])}::jsonb)`);
    const history = async (id: string) => (await listAudit({ resourceId: id }, opened.db)).map((r) => r.action).sort();
    expect(await history(c2)).toEqual(['apply-allocation']);

    const backfill = readFileSync('lib/server/db/migrations/0037_audit_record_ids.sql', 'utf8')
      .split('--> statement-breakpoint')
      .at(-1)!;
    await opened.db.$client.exec(backfill);
    expect(await history(c2)).toEqual(['apply-allocation', 'restore-allocation']);
    expect(await history(c1)).toEqual(['apply-allocation']);
    expect(await history(c3)).toEqual(['apply-allocation']);
    const [applied] = await listAudit({ resourceId: c1 }, opened.db);
    expect(applied!.recordIds).toEqual([c1, c2]);
    // Read through the two indexes (the record's few rows are then sorted), never the whole log
    // (which holds the flood of the test above).
    const { sql: text, params } = auditPage(opened.db, { resourceId: c1, limit: 51 }).toSQL();
    const { rows } = await opened.db.$client.query<{ 'QUERY PLAN': string }>(`explain ${text}`, params);
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toMatch(/audit_log_resource_idx[\s\S]*audit_log_record_ids_idx/);
    expect(plan).not.toMatch(/Seq Scan/);
  });
});
