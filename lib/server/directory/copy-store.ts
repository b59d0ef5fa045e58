/**
 * The dashboard's stored copy of the partner's directory (tables directory_copy and
 * directory_syncs): a resource's items in one context, in the API's order, and when they were
 * last read in whole. A sync replaces a resource's items in one transaction and says what changed
 * (added, changed and removed ids), for the change feed (onDirectoryChanges).
 *
 * Free of `server-only`: the tests and the sync use it with a database handle of their own.
 */
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';

import type { DashboardDb } from '../db/open';
import { directoryCopy, directorySyncs } from '../db/schema';
import { processWide } from '../process-wide';
import {
  onDirectoryChanges,
  type CopyKey,
  type CopyResource,
  type DashboardTx,
  type DirectoryChanges,
} from './copy-changes';

export {
  COPY_RESOURCES,
  type CopyKey,
  type CopyResource,
  type DashboardTx,
  type DirectoryChanges,
} from './copy-changes';

/** The context of the partner-wide resources (identity, delegates, entities). */
export const PARTNER_CONTEXT = 'partner';
/** The context of reads made with the credentials' default entity (no entity selected). */
export const DEFAULT_CONTEXT = 'default';

/** Resources whose answer does not depend on the entity context: kept once, for the partner. */
export const PARTNER_WIDE: ReadonlySet<CopyResource> = new Set(['identity', 'delegates', 'entities']);

export interface StoredCopy<T> {
  items: T[];
  syncedAt: Date;
}

/** JSON with every object's keys sorted, so that an item read back from jsonb compares equal to the API's. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

/** What differs between the copy's items (by id, canonical JSON) and the API's answer now. */
export function diffCopy(
  before: ReadonlyMap<string, string>,
  after: readonly { id: string }[],
): Pick<DirectoryChanges, 'added' | 'changed' | 'removed'> {
  const added: string[] = [];
  const changed: string[] = [];
  const now = new Set<string>();
  for (const item of after) {
    now.add(item.id);
    const was = before.get(item.id);
    if (was === undefined) added.push(item.id);
    else if (was !== canonicalJson(item)) changed.push(item.id);
  }
  const removed = [...before.keys()].filter((id) => !now.has(id));
  return { added, changed, removed };
}

const statusOf = (item: unknown) =>
  item && typeof item === 'object' ? (item as { status?: unknown }).status : undefined;

/** The items (entities, delegates) the copy held not suspended that the API's answer shows suspended. */
export function suspendedNow(
  stored: readonly { id: string; data: unknown }[],
  items: readonly { id: string }[],
): { id: string; name: string | null }[] {
  const was = new Map(stored.map((r) => [r.id, statusOf(r.data)]));
  return items
    .filter((i) => was.has(i.id) && was.get(i.id) !== 'suspended' && statusOf(i) === 'suspended')
    .map((i) => {
      const name = (i as { name?: unknown }).name;
      return { id: i.id, name: typeof name === 'string' ? name : null };
    });
}

export const hasChanges = (c: Pick<DirectoryChanges, 'added' | 'changed' | 'removed'>): boolean =>
  c.added.length + c.changed.length + c.removed.length > 0;

const where = ({ resource, context }: CopyKey) =>
  and(eq(directoryCopy.resource, resource), eq(directoryCopy.context, context));

/** The sync row of a copy. */
const syncOf = ({ resource, context }: CopyKey) =>
  and(eq(directorySyncs.resource, resource), eq(directorySyncs.context, context));

interface KeptCopy {
  revision: number;
  items: readonly unknown[];
}

/**
 * The items of each copy this process last read, by database and copy, with the copy's revision
 * when read: a read checks the revision (one row) and reads the items again only when a write
 * has given the copy a new one since. The database stays the copy; this holds no answer it has not checked.
 */
const keptCopies = processWide(
  'the directory copies this process last read, checked against their revision on each read',
  () => new WeakMap<DashboardDb, Map<string, KeptCopy>>(),
);

/** Freezes a JSON value through: the kept items are shared by every read, and none may change them. */
function frozen<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) frozen(v);
    Object.freeze(value);
  }
  return value;
}

/** When a copy was last read in whole, and the revision of its items. */
export interface CopySync {
  syncedAt: Date;
  revision: number;
}

export const copySyncKey = ({ resource, context }: { resource: string; context: string }): string =>
  `${resource}:${context}`;

/** Every copy's sync and revision, by copySyncKey: one read of a small table for all the copies a page shows. */
export async function readCopySyncs(db: DashboardDb): Promise<Map<string, CopySync>> {
  const rows = await db
    .select({
      resource: directorySyncs.resource,
      context: directorySyncs.context,
      syncedAt: directorySyncs.syncedAt,
      revision: directorySyncs.revision,
    })
    .from(directorySyncs);
  return new Map(rows.map((r) => [copySyncKey(r), { syncedAt: r.syncedAt, revision: r.revision }]));
}

/**
 * The copy of a resource in a context, in the API's order; null when it was never synced. The
 * items are frozen (shared with the process's other reads); the array is the caller's. `synced`:
 * the copy's sync as just read with readCopySyncs (null: none), or read here.
 */
export async function readStoredCopy<T>(
  db: DashboardDb,
  key: CopyKey,
  synced?: CopySync | null,
): Promise<StoredCopy<T> | null> {
  if (synced === undefined)
    [synced = null] = await db
      .select({ syncedAt: directorySyncs.syncedAt, revision: directorySyncs.revision })
      .from(directorySyncs)
      .where(syncOf(key));
  if (!synced) return null;
  let kept = keptCopies.get(db);
  if (!kept) keptCopies.set(db, (kept = new Map()));
  const name = copySyncKey(key);
  const known = kept.get(name);
  if (known?.revision === synced.revision) return { items: known.items.slice() as T[], syncedAt: synced.syncedAt };
  const rows = await db
    .select({ data: directoryCopy.data })
    .from(directoryCopy)
    .where(where(key))
    .orderBy(asc(directoryCopy.position));
  // The rows are as new as the revision read above, or newer: kept under it, the next read that
  // finds the revision moved reads them again.
  const items = rows.map((r) => frozen(r.data as T));
  kept.set(name, { revision: synced.revision, items });
  return { items: items.slice(), syncedAt: synced.syncedAt };
}

/** Gives a copy a new revision, in the transaction that wrote its items: the processes' kept items of it are read again. */
const renewRevision = (tx: DashboardTx, key: CopyKey) =>
  tx
    .update(directorySyncs)
    .set({ revision: sql`nextval('directory_copy_revisions')` })
    .where(syncOf(key));

/** The contexts a resource of the copy has been synced in. */
export async function syncedContexts(db: DashboardDb, resource: CopyResource): Promise<string[]> {
  const rows = await db
    .select({ context: directorySyncs.context })
    .from(directorySyncs)
    .where(eq(directorySyncs.resource, resource));
  return rows.map((r) => r.context);
}

/** The copies of a context last synced before `before`: old enough for a page to say "as of". */
export async function copiesSyncedBefore(db: DashboardDb, context: string, before: Date): Promise<CopyKey[]> {
  const rows = await db
    .select({ resource: directorySyncs.resource, context: directorySyncs.context })
    .from(directorySyncs)
    .where(and(eq(directorySyncs.context, context), lt(directorySyncs.syncedAt, before)));
  return rows.map((r) => ({ resource: r.resource as CopyResource, context: r.context }));
}

const CHUNK = 500;
const chunks = <T>(all: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(all.length / CHUNK) }, (_, i) => all.slice(i * CHUNK, (i + 1) * CHUNK));

/**
 * Replaces the copy of a resource in a context with the API's answer, read from `readAt`, in one
 * transaction: the sync row first (it serialises two replaces of the same copy, and an answer read
 * before the one stored is dropped: null), then the items that differ, and the change feed's
 * record of what changed (onDirectoryChanges) in the same transaction.
 */
export async function replaceStoredCopy(
  db: DashboardDb,
  key: CopyKey,
  items: readonly { id: string }[],
  readAt: Date,
  { ownWrite = false }: { ownWrite?: boolean } = {},
): Promise<DirectoryChanges | null> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(directorySyncs)
      .values({ ...key, syncedAt: readAt })
      .onConflictDoUpdate({
        target: [directorySyncs.resource, directorySyncs.context],
        set: { syncedAt: readAt },
        setWhere: sql`${directorySyncs.syncedAt} <= ${readAt.toISOString()}::timestamptz`,
      })
      .returning({ syncedAt: directorySyncs.syncedAt });
    if (claimed.length === 0) return null;
    const stored = await tx
      .select({ id: directoryCopy.id, position: directoryCopy.position, data: directoryCopy.data })
      .from(directoryCopy)
      .where(where(key));
    const before = new Map(stored.map((r) => [r.id, canonicalJson(r.data)]));
    const changes: DirectoryChanges = {
      ...key,
      ...diffCopy(before, items),
      first: stored.length === 0,
      suspended: suspendedNow(stored, items),
    };
    const moved = new Map(stored.map((r) => [r.id, r.position]));
    const rewrite = items.filter((item, i) => moved.get(item.id) !== i || changes.changed.includes(item.id));
    for (const ids of chunks(changes.removed))
      await tx.delete(directoryCopy).where(and(where(key), inArray(directoryCopy.id, ids)));
    const positions = new Map(items.map((item, i) => [item.id, i]));
    for (const part of chunks(rewrite))
      await tx
        .insert(directoryCopy)
        .values(part.map((item) => ({ ...key, id: item.id, position: positions.get(item.id)!, data: item })))
        .onConflictDoUpdate({
          target: [directoryCopy.resource, directoryCopy.context, directoryCopy.id],
          set: { position: sql`excluded.position`, data: sql`excluded.data` },
        });
    if (rewrite.length || changes.removed.length) await renewRevision(tx, key);
    if (hasChanges(changes) && !ownWrite) await onDirectoryChanges(tx, changes);
    return changes;
  });
}

/**
 * Items of one copy, as the API answered a write to them (or a read of them made for one); or a
 * revision of some of the items it holds.
 */
export interface CopyPatch {
  key: CopyKey;
  items: readonly { id: string }[] | CopyRevision;
}

/**
 * The items `ids` of a copy, revised from what it holds as read under its lock, so that two
 * revisions at once both land (reviseStoredCopies).
 */
export interface CopyRevision {
  ids: readonly string[];
  revise: (stored: unknown[]) => readonly { id: string }[];
}

/**
 * Items as the API answered a write to them (or a read of them made for one), stored in the copy
 * of a resource already synced (a copy never synced is left to its first read), in one
 * transaction. The write's own action records its change event. Each item keeps its place; a new
 * one goes last.
 */
export function patchStoredCopy(
  db: DashboardDb,
  key: CopyKey,
  items: readonly { id: string }[],
  options: { supersedes?: Date } = {},
): Promise<void> {
  return patchStoredCopies(db, [{ key, items }], options);
}

/**
 * patchStoredCopy of several copies (an apply's commitments in each entity's), in one
 * transaction: their sync rows are locked in one order, so two of these never wait on each other.
 */
export async function patchStoredCopies(
  db: DashboardDb,
  patches: readonly CopyPatch[],
  {
    supersedes,
  }: {
    /** the items show the API as of this moment: a replace whose read began before it is dropped (the sync's next read brings the rest) */
    supersedes?: Date;
  } = {},
): Promise<void> {
  const some = patches
    .filter((p) => ('ids' in p.items ? p.items.ids : p.items).length > 0)
    .sort((a, b) => copySyncKey(a.key).localeCompare(copySyncKey(b.key)));
  if (!some.length) return;
  await db.transaction(async (tx) => {
    for (const { key, items } of some) await patchInTransaction(tx, key, items, supersedes);
  });
}

async function patchInTransaction(
  tx: DashboardTx,
  key: CopyKey,
  patch: CopyPatch['items'],
  supersedes: Date | undefined,
): Promise<void> {
  const [synced] = await tx
    .select({ syncedAt: directorySyncs.syncedAt })
    .from(directorySyncs)
    .where(syncOf(key))
    .for('update');
  if (!synced) return;
  if (supersedes && supersedes > synced.syncedAt)
    await tx.update(directorySyncs).set({ syncedAt: supersedes }).where(syncOf(key));
  const stored = await tx
    .select({ id: directoryCopy.id, position: directoryCopy.position, data: directoryCopy.data })
    .from(directoryCopy)
    .where(and(where(key), inArray(directoryCopy.id, 'ids' in patch ? [...patch.ids] : patch.map((item) => item.id))));
  const items = 'ids' in patch ? patch.revise(stored.map((row) => row.data)) : patch;
  const was = new Map(stored.map((row) => [row.id, row]));
  const changed = items.filter((item) => {
    const row = was.get(item.id);
    return !row || canonicalJson(row.data) !== canonicalJson(item);
  });
  if (!changed.length) return;
  let next = 0;
  if (changed.some((item) => !was.has(item.id))) {
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${directoryCopy.position}), -1)` })
      .from(directoryCopy)
      .where(where(key));
    next = Number(last?.position ?? -1) + 1;
  }
  await tx
    .insert(directoryCopy)
    .values(
      changed.map((item) => ({ ...key, id: item.id, position: was.get(item.id)?.position ?? next++, data: item })),
    )
    .onConflictDoUpdate({
      target: [directoryCopy.resource, directoryCopy.context, directoryCopy.id],
      set: { data: sql`excluded.data` },
    });
  await renewRevision(tx, key);
  // The console's own write (recorded by its action) or a read made for one: not a change found
  // outside the console, so no change event here.
}
