import 'server-only';

import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';

import { getDb } from '../db';
import type { DashboardDb } from '../db/open';
import { auditLog, type AuditRow } from '../db/schema';

export interface AuditEntry {
  staffId: string | null;
  staffEmail: string;
  action: string;
  entityId?: string | null;
  resourceType?: string | null;
  resourceId?: string | null;
  before?: unknown;
  after?: unknown;
  result: 'ok' | 'refused' | 'failed';
  message?: string | null;
}

/** Writes the row, in `tx` when given (a transaction that records its change events too). */
export async function recordAudit(entry: AuditEntry, tx?: Pick<DashboardDb, 'insert'>): Promise<void> {
  const db = tx ?? (await getDb());
  await db.insert(auditLog).values({
    staffId: entry.staffId,
    staffEmail: entry.staffEmail,
    action: entry.action,
    entityId: entry.entityId ?? null,
    resourceType: entry.resourceType ?? null,
    resourceId: entry.resourceId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    result: entry.result,
    message: entry.message ?? null,
  });
}

export interface AuditQuery {
  /** only rows of these actions (who reads what: lib/activity/visibility.ts); unset: every action */
  readable?: readonly string[] | null;
  staffEmail?: string;
  action?: string;
  result?: AuditRow['result'];
  from?: Date;
  /** before this instant */
  to?: Date;
  /** rows older than this one (the last row of the page before), newest first */
  after?: { at: Date; id: string };
  limit?: number;
}

/**
 * The log's order: its time to the millisecond (what a page's cursor can carry: a JavaScript
 * date), then its id, newest first. Rows written in the same millisecond keep one order.
 */
const atMs = sql`date_trunc('milliseconds', ${auditLog.at})`;

function auditWhere(q: AuditQuery): SQL | undefined {
  const where: SQL[] = [];
  if (q.readable) where.push(inArray(auditLog.action, [...q.readable]));
  if (q.staffEmail) where.push(eq(auditLog.staffEmail, q.staffEmail));
  if (q.action) where.push(eq(auditLog.action, q.action));
  if (q.result) where.push(eq(auditLog.result, q.result));
  if (q.from) where.push(gte(auditLog.at, q.from));
  if (q.to) where.push(lt(auditLog.at, q.to));
  if (q.after) {
    const at = q.after.at.toISOString();
    where.push(sql`(${atMs}, ${auditLog.id}) < (${at}::timestamptz, ${q.after.id}::uuid)`);
  }
  return where.length ? and(...where) : undefined;
}

/** One page of the log, newest first (by time, then id: a stable order to page through). */
export async function listAudit(q: AuditQuery = {}): Promise<AuditRow[]> {
  const db = await getDb();
  return db
    .select()
    .from(auditLog)
    .where(auditWhere(q))
    .orderBy(desc(atMs), desc(auditLog.id))
    .limit(Math.min(q.limit ?? 100, 1_000));
}

export async function countAudit(q: AuditQuery): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(auditLog).where(auditWhere(q));
  return row?.n ?? 0;
}

/** The members and actions the log names in the rows a reader may read (`readable`), for the filters' lists. */
export async function auditFacets(
  readable: readonly string[] | null = null,
): Promise<{ members: string[]; actions: string[] }> {
  const db = await getDb();
  const where = readable ? inArray(auditLog.action, [...readable]) : undefined;
  const [members, actions] = await Promise.all([
    db.selectDistinct({ v: auditLog.staffEmail }).from(auditLog).where(where).orderBy(auditLog.staffEmail).limit(1_000),
    db.selectDistinct({ v: auditLog.action }).from(auditLog).where(where).orderBy(auditLog.action).limit(500),
  ]);
  return { members: members.map((r) => r.v), actions: actions.map((r) => r.v) };
}
