import 'server-only';

import { createHash } from 'node:crypto';
import { and, count, desc, eq, gte, inArray, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';

import { SIGN_IN_ACTIONS } from '../../activity/visibility';
import { storableSaid, type Said } from '../../i18n/said';
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
  /** the records the row is about besides resourceId (a grid's apply: its commitments) */
  recordIds?: readonly string[];
  before?: unknown;
  after?: unknown;
  result: 'ok' | 'refused' | 'failed';
  message?: string | null;
  /** the message before it was put in words, for the Activity page to write in its reader's language */
  said?: Said | null;
  /**
   * What makes two attempts the same (a refused sign-in's account, reason, method and address):
   * the same ones within one quarter of an hour are one row, counting them, instead of a row each.
   */
  foldOn?: string;
}

/** The span within which attempts alike fold into one row. */
export const FOLD_MINUTES = 15;

const foldKey = (on: string, now: Date) =>
  createHash('sha256')
    .update(`${on}\u0000${Math.floor(now.getTime() / (FOLD_MINUTES * 60_000))}`)
    .digest('base64url');

type Inserter = Pick<DashboardDb, 'insert'>;

/** Writes the row (or counts one more attempt on the row it folds into), in `tx` when given. */
export async function recordAudit(entry: AuditEntry, tx?: Inserter): Promise<void> {
  await insertAudit(tx ?? (await getDb()), entry);
}

export async function insertAudit(db: Inserter, entry: AuditEntry, now = new Date()): Promise<void> {
  const insert = db.insert(auditLog).values({
    staffId: entry.staffId,
    staffEmail: entry.staffEmail,
    action: entry.action,
    entityId: entry.entityId ?? null,
    resourceType: entry.resourceType ?? null,
    resourceId: entry.resourceId ?? null,
    recordIds: entry.recordIds?.length ? [...new Set(entry.recordIds)] : null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    result: entry.result,
    message: entry.message ?? null,
    said: entry.said ? storableSaid(entry.said) : null,
    foldKey: entry.foldOn === undefined ? null : foldKey(entry.foldOn, now),
  });
  if (entry.foldOn === undefined) await insert;
  else
    await insert.onConflictDoUpdate({
      target: auditLog.foldKey,
      set: { repeats: sql`${auditLog.repeats} + 1`, lastAt: sql`now()` },
    });
}

/** What the Activity page shows: the changes made through the console, or the sign-ins and sign-outs. */
export type AuditKind = 'changes' | 'sign-ins';

export interface AuditQuery {
  /** only rows of these actions (who reads what: lib/activity/visibility.ts); unset: every action */
  readable?: readonly string[] | null;
  kind?: AuditKind;
  staffEmail?: string;
  action?: string;
  result?: AuditRow['result'];
  /** one record's rows (its history): it is their resource, or one of their records */
  resourceId?: string;
  from?: Date;
  /** before this instant */
  to?: Date;
  /** rows older than this one (the last row of the page before), newest first */
  after?: { at: Date; id: string };
  limit?: number;
}

const kindWhere = (kind: AuditKind) =>
  kind === 'sign-ins'
    ? inArray(auditLog.action, [...SIGN_IN_ACTIONS])
    : notInArray(auditLog.action, [...SIGN_IN_ACTIONS]);

function auditWhere(q: AuditQuery): SQL | undefined {
  const where: SQL[] = [];
  if (q.readable) where.push(inArray(auditLog.action, [...q.readable]));
  if (q.kind) where.push(kindWhere(q.kind));
  if (q.staffEmail) where.push(eq(auditLog.staffEmail, q.staffEmail));
  if (q.action) where.push(eq(auditLog.action, q.action));
  if (q.result) where.push(eq(auditLog.result, q.result));
  if (q.resourceId)
    where.push(
      or(eq(auditLog.resourceId, q.resourceId), sql`${auditLog.recordIds} @> array[${q.resourceId}]::text[]`)!,
    );
  if (q.from) where.push(gte(auditLog.at, q.from));
  if (q.to) where.push(lt(auditLog.at, q.to));
  // Times are kept to the millisecond, as a cursor carries them: rows of one millisecond keep one order.
  if (q.after)
    where.push(sql`(${auditLog.at}, ${auditLog.id}) < (${q.after.at.toISOString()}::timestamptz, ${q.after.id}::uuid)`);
  return where.length ? and(...where) : undefined;
}

type Reader = Pick<DashboardDb, 'select' | 'execute'>;

/**
 * One page of the log, newest first (by time, then id: a stable order to page through), read in
 * the order of an index (audit_log_page_idx, or the action's or the member's), never sorted whole.
 */
export async function listAudit(q: AuditQuery = {}, db?: Reader): Promise<AuditRow[]> {
  return auditPage(db ?? (await getDb()), q);
}

export const auditPage = (db: Reader, q: AuditQuery) =>
  db
    .select()
    .from(auditLog)
    .where(auditWhere(q))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(Math.min(q.limit ?? 100, 1_000));

export async function countAudit(q: AuditQuery): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(auditLog).where(auditWhere(q));
  return row?.n ?? 0;
}

/**
 * The distinct values of an indexed column among the rows `where` keeps, walked through its
 * index one value at a time (a loose index scan): as many steps as values, however many rows.
 */
async function distinctValues(
  db: Reader,
  column: typeof auditLog.staffEmail | typeof auditLog.action,
  where: SQL | undefined,
  limit: number,
): Promise<string[]> {
  const keep = where ? sql`and ${where}` : sql``;
  const { rows } = await db.execute<{ v: string | null }>(sql`
    with recursive walk(v) as (
      (select ${column} from ${auditLog} where true ${keep} order by ${column} limit 1)
      union all
      select (select ${column} from ${auditLog} where ${column} > walk.v ${keep} order by ${column} limit 1)
      from walk where walk.v is not null
    )
    select v from walk where v is not null limit ${limit}`);
  return rows.map((r) => r.v!);
}

/** The members and actions the log names in the rows a reader may read (`readable`) of `kind`, for the filters' lists. */
export async function auditFacets(
  readable: readonly string[] | null = null,
  kind?: AuditKind,
  db?: Reader,
): Promise<{ members: string[]; actions: string[] }> {
  const reader = db ?? (await getDb());
  const where = auditWhere({ readable, kind });
  const [members, actions] = await Promise.all([
    distinctValues(reader, auditLog.staffEmail, where, 1_000),
    distinctValues(reader, auditLog.action, where, 500),
  ]);
  return { members, actions };
}

export interface AuditRetention {
  /** days every row is kept */
  days: number;
  /** days a sign-in or sign-out is kept (the log's noise: anyone can cause one) */
  signInDays: number;
}

/** Deletes the rows past their retention; returns how many. */
export async function pruneAudit(
  db: Pick<DashboardDb, 'delete'>,
  retention: AuditRetention,
  now = new Date(),
): Promise<number> {
  const before = (days: number) => new Date(now.getTime() - days * 86_400_000);
  const gone = await db
    .delete(auditLog)
    .where(
      or(
        lt(auditLog.at, before(retention.days)),
        and(inArray(auditLog.action, [...SIGN_IN_ACTIONS]), lt(auditLog.at, before(retention.signInDays))),
      ),
    )
    .returning({ id: auditLog.id });
  return gone.length;
}
