/**
 * After the run: the sandbox read back as the partner, to find any change reported as done that
 * it does not hold (a lost update), and the dashboard's audit log, to find any without its row.
 */
import path from 'node:path';

import { GuestbookApiError, listAll, type GuestbookClient } from '../../lib/guestbook';
import { openDashboardDb } from '../../lib/server/db/open';
import { auditLog } from '../../lib/server/db/schema';
import { partnerClient } from '../partner-client';
import { canonical, changesChain, possibleFinalValues, type TimedWrite } from './checks';
import { DATA_DIR } from './options';
import { cellKey, sortCells, type RunRecord } from './record';
import type { SandboxEntity } from './tasks';

/**
 * The partner's client for the reads before and after the run: a client of its own, so that its
 * requests are counted apart from the dashboard's, and patient, since the dashboard may have spent
 * the API's window of these credentials when the run ends.
 */
export function verificationClient(sandboxUrl: string): { client: GuestbookClient; requests: () => number } {
  let requests = 0;
  const onResponse = () => void requests++;
  const client = partnerClient(sandboxUrl, {
    maxRateLimitWaitMs: 120_000,
    maxRetries: 10,
    timeoutMs: 60_000,
    onResponse,
  });
  return { client, requests: () => requests };
}

export async function readEntities(client: GuestbookClient): Promise<SandboxEntity[]> {
  const entities = await listAll((page) => client.listEntities({ page, limit: 100 }));
  return entities.map((e) => ({ id: e.id, name: e.name, org_id: e.org_id, default_locale: e.default_locale }));
}

/** Every entity's view of every commitment, by cell; entities whose rows cannot be read are left out. */
export async function readCells(
  client: GuestbookClient,
  entities: readonly SandboxEntity[],
): Promise<Map<string, number>> {
  const cells = new Map<string, number>();
  for (const e of entities) {
    const as = client.asEntity(e);
    const rows = await listAll(
      (page) => as.listCommitments({ status: ['assigned', 'unassigned', 'ended'], page, limit: 100 }),
      10_000,
    ).catch((error: unknown) => {
      if (error instanceof GuestbookApiError) return [];
      throw error;
    });
    for (const r of rows) cells.set(cellKey(r.id, e.id), r.entity_seats ?? 0);
  }
  return cells;
}

const values = <T>(allowed: T[]) => allowed.map((v) => JSON.stringify(v)).join(' or ');

/** The allocation cells whose final value the applied changes cannot be chained to. */
function lostCells(record: RunRecord, before: Map<string, number>, after: Map<string, number>): string[] {
  const lost: string[] = [];
  for (const cell of new Set([...before.keys(), ...after.keys()])) {
    if (record.uncertainCells.has(cell)) continue;
    const changes = record.appliedChanges.flatMap((a) =>
      a.changes.filter((c) => cellKey(c.commitmentId, c.entityId) === cell),
    );
    const [from, to] = [before.get(cell) ?? 0, after.get(cell) ?? 0];
    if (!changesChain(from, to, changes)) {
      const applied = changes.map((c) => `${c.before}→${c.after}`).join(', ') || 'none';
      lost.push(`allocation ${cell}: ${from} before the run, ${to} after it, but the applied changes were ${applied}`);
    }
  }
  return lost;
}

/** The reservations whose notes, party size or cancellation the sandbox does not hold as the last change reported. */
async function lostReservations(client: GuestbookClient, record: RunRecord): Promise<string[]> {
  const lost: string[] = [];
  for (const id of record.touchedReservations()) {
    const r = await client
      .asEntity(record.reservationContext.get(id)!)
      .getReservation(id)
      .catch((error: unknown) => {
        if (error instanceof GuestbookApiError) return error;
        throw error;
      });
    if (r instanceof GuestbookApiError) {
      lost.push(`reservation ${id}: the sandbox answers ${r.status}`);
      continue;
    }
    const check = <T>(field: string, writes: TimedWrite<T>[] | undefined, actual: T) => {
      const allowed = possibleFinalValues(writes ?? []);
      if (allowed.length && !allowed.some((v) => v === actual))
        lost.push(
          `reservation ${id} ${field}: the sandbox holds ${JSON.stringify(actual)}, the last change reported ${values(allowed)}`,
        );
    };
    check('notes', record.notesWrites.get(id), r.notes ?? null);
    check('party_size', record.partySizeWrites.get(id), r.party_size ?? null);
    if (record.cancels.has(id) && r.status !== 'canceled')
      lost.push(`reservation ${id}: canceled through the dashboard, but the sandbox says ${r.status}`);
  }
  return lost;
}

export interface ReadBack {
  lost: string[];
  cellsAfter: Map<string, number>;
}

/** Reads every changed record back from the sandbox; what it does not hold as reported is lost. */
export async function readBack(
  client: GuestbookClient,
  record: RunRecord,
  entities: readonly SandboxEntity[],
  cellsBefore: Map<string, number>,
): Promise<ReadBack> {
  const entitiesAfter = await readEntities(client);
  const cellsAfter = await readCells(client, entities);
  const lost = [...lostCells(record, cellsBefore, cellsAfter), ...(await lostReservations(client, record))];
  for (const [id, writes] of record.entityNameWrites) {
    const actual = entitiesAfter.find((e) => e.id === id)?.name;
    const allowed = possibleFinalValues(writes);
    if (!allowed.includes(actual ?? ''))
      lost.push(
        `entity ${id}: named ${JSON.stringify(actual)} in the sandbox, the last rename reported ${values(allowed)}`,
      );
  }
  return { lost, cellsAfter };
}

/** The key of a successful audit row, as the sessions wrote the key of each success they saw. */
function auditKey(r: typeof auditLog.$inferSelect): string {
  const after = r.after as Record<string, unknown> | { commitmentId: string; entityId: string; seats: number }[] | null;
  const field = (name: string) => (after as Record<string, unknown> | null)?.[name];
  switch (r.action) {
    case 'update-reservation':
      return `${r.action}|${r.staffEmail}|${r.resourceId}|${canonical(after)}`;
    case 'cancel-reservation':
      return `${r.action}|${r.staffEmail}|${r.resourceId}|${field('status') as string | undefined}`;
    case 'update-entity':
      return `${r.action}|${r.staffEmail}|${r.resourceId}|${field('name') as string | undefined}`;
    case 'apply-allocation':
      return `${r.action}|${r.staffEmail}|${Array.isArray(after) ? canonical(sortCells(after)) : 'not applied'}`;
    case 'add-staff-member':
      return `${r.action}|${r.staffEmail}|${field('email') as string | undefined}`;
    default:
      return `${r.action}|${r.staffEmail}`;
  }
}

/** The audit log's row count and the keys of its successes, from PostgreSQL or the embedded database in DATA_DIR. */
export async function readAudit(databaseUrl: string | undefined): Promise<{ rows: number; successKeys: string[] }> {
  const { db, close } = await openDashboardDb({ dataDir: path.resolve(DATA_DIR), databaseUrl });
  try {
    const rows = await db.select().from(auditLog);
    return { rows: rows.length, successKeys: rows.filter((r) => r.result === 'ok').map(auditKey) };
  } finally {
    await close();
  }
}
