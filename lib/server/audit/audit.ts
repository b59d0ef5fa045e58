import 'server-only';

import { and, desc, eq, gte, lte, type SQL } from 'drizzle-orm';

import { getDb } from '../db';
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

export async function recordAudit(entry: AuditEntry): Promise<void> {
  const db = await getDb();
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
  staffEmail?: string;
  action?: string;
  result?: AuditRow['result'];
  from?: Date;
  to?: Date;
  limit?: number;
}

export async function listAudit(q: AuditQuery = {}): Promise<AuditRow[]> {
  const db = await getDb();
  const where: SQL[] = [];
  if (q.staffEmail) where.push(eq(auditLog.staffEmail, q.staffEmail));
  if (q.action) where.push(eq(auditLog.action, q.action));
  if (q.result) where.push(eq(auditLog.result, q.result));
  if (q.from) where.push(gte(auditLog.at, q.from));
  if (q.to) where.push(lte(auditLog.at, q.to));
  return db
    .select()
    .from(auditLog)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.at))
    .limit(Math.min(q.limit ?? 100, 500));
}
