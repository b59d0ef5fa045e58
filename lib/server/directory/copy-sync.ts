import 'server-only';

import { listAll, type GuestbookClient } from '../../guestbook';
import type { Entity } from '../../guestbook/schemas';
import { getApiClient } from '../api';
import { getDb } from '../db';
import { logUnexpected } from '../log';
import { processWide } from '../process-wide';
import {
  DEFAULT_CONTEXT,
  PARTNER_CONTEXT,
  PARTNER_WIDE,
  patchStoredCopies,
  readCopySyncs,
  readStoredCopy,
  replaceStoredCopy,
  type CopyKey,
  type CopyResource,
  type CopySync,
  type DirectoryChanges,
} from './copy-store';

/** The entity whose context a copy is read in: its id and org_id (null for the credentials' default entity). */
export type CopyEntity = Pick<Entity, 'id' | 'org_id'>;

/** Called before each API request a sync sends: the background sync counts its share there (and may stop the turn by throwing). */
export type BeforeRequest = () => void;

const clientFor = (entity: CopyEntity | null): GuestbookClient =>
  entity ? getApiClient().asEntity(entity) : getApiClient();

/** A collection read whole, page by page (100 items each), each request announced to `before`. */
const everyPage =
  <T>(
    read: (client: GuestbookClient, page: number) => Promise<{ data: T[]; pagination: { total_pages: number } }>,
    cap: number,
  ) =>
  (entity: CopyEntity | null, before: BeforeRequest): Promise<T[]> =>
    listAll((page) => {
      before();
      return read(clientFor(entity), page);
    }, cap);

/** How each resource of the copy is read from the API, in whole, in one entity's context. */
const SOURCES: Record<CopyResource, (entity: CopyEntity | null, before: BeforeRequest) => Promise<{ id: string }[]>> = {
  identity: async (_entity, before) => {
    before();
    return [await getApiClient().getMe()];
  },
  delegates: everyPage((c, page) => c.listDelegates({ page, limit: 100 }), 1_000),
  entities: everyPage((c, page) => c.listEntities({ page, limit: 100 }), 5_000),
  venues: everyPage((c, page) => c.listVenues({ page, limit: 100 }), 10_000),
  markets: everyPage((c, page) => c.listMarkets({ page, limit: 100 }), 10_000),
  commitments: everyPage(
    (c, page) => c.listCommitments({ status: ['assigned', 'unassigned', 'ended'], page, limit: 100 }),
    100_000,
  ),
};

/** The context key of a resource read in an entity's context ('partner' for the partner-wide ones). */
export const copyContextOf = (resource: CopyResource, entity: CopyEntity | null): string =>
  PARTNER_WIDE.has(resource) ? PARTNER_CONTEXT : (entity?.id ?? DEFAULT_CONTEXT);

export interface SyncedCopy {
  items: unknown[];
  syncedAt: Date;
  /** what changed in the copy; null when an answer read later was already stored */
  changes: DirectoryChanges | null;
}

/**
 * Reads one resource of the directory in whole from the API, in the entity's context and in the
 * lane of the request running, and replaces its copy (copy-store.ts) in one transaction.
 */
export async function syncCopy(
  resource: CopyResource,
  entity: CopyEntity | null,
  before: BeforeRequest = () => undefined,
  /** the re-read after the console's own write: what it finds is that write, recorded by its action, not a change from outside */
  { ownWrite = false }: { ownWrite?: boolean } = {},
): Promise<SyncedCopy> {
  const readAt = new Date();
  const items = await SOURCES[resource](PARTNER_WIDE.has(resource) ? null : entity, before);
  const changes = await storeReadCopy(resource, entity, items, readAt, { ownWrite });
  return { items, syncedAt: readAt, changes };
}

/** The stored copy of a resource in an entity's context; null when it was never synced. `synced`: as readStoredCopy's. */
export async function storedCopy<T>(resource: CopyResource, entity: CopyEntity | null, synced?: CopySync | null) {
  return readStoredCopy<T>(await getDb(), { resource, context: copyContextOf(resource, entity) }, synced);
}

/** Every copy's sync and revision (readCopySyncs). */
export const copySyncs = async () => readCopySyncs(await getDb());

/**
 * A resource read in whole from the API at `readAt` (by the sync, or by a write of the console's:
 * an apply's re-read under its lock), stored in place of its copy: an answer older than the one
 * stored is dropped (null), and what it finds changed is recorded unless `ownWrite`.
 */
export async function storeReadCopy(
  resource: CopyResource,
  entity: CopyEntity | null,
  items: readonly { id: string }[],
  readAt: Date,
  { ownWrite = false }: { ownWrite?: boolean } = {},
): Promise<DirectoryChanges | null> {
  const key: CopyKey = { resource, context: copyContextOf(resource, entity) };
  return replaceStoredCopy(await getDb(), key, items, readAt, { ownWrite });
}

interface Queue {
  /** a sync asked for and not started yet: later asks join it */
  waiting?: Promise<void>;
  running?: Promise<void>;
}
const queues = processWide(
  'the re-reads of directory copies asked for after a write, by copy',
  () => new Map<string, Queue>(),
);

/**
 * After the console's own write: the copy of what it touched is read anew at once, so that the
 * member sees their change. Asks that come while one runs join the next one (a burst of writes
 * costs two syncs, not one each); resolves once a sync that started after the ask has ended. A
 * failure is logged, never thrown: the write is done, and the copy says its age.
 */
export function resyncCopy(resource: CopyResource, entity: CopyEntity | null): Promise<void> {
  const key = `${resource}:${copyContextOf(resource, entity)}`;
  const queue: Queue = queues.get(key) ?? {};
  queues.set(key, queue);
  if (queue.waiting) return queue.waiting;
  const waiting = (queue.running ?? Promise.resolve()).then(async () => {
    queue.waiting = undefined;
    const running = syncCopy(resource, entity, undefined, { ownWrite: true }).then(
      () => undefined,
      (e: unknown) => void logUnexpected('directory copy resync', e),
    );
    queue.running = running;
    await running;
    if (queue.running === running) queue.running = undefined;
  });
  queue.waiting = waiting;
  return waiting;
}

/**
 * The items `ids` of the copies already synced of `entities` (one of a partner-wide resource:
 * [null]), rewritten without a request after the console's write (`revise` returns the new item,
 * or null to leave it), in one transaction: each copy is revised from its items as read under its
 * lock, so that two writes revising the same copy at once both land. A read of a copy that began
 * before (a sync's turn, a re-read) is then dropped rather than stored over them; the sync's next
 * turn reads them all from the API.
 */
export async function reviseStoredCopies<T extends { id: string }, E extends CopyEntity | null>(
  resource: CopyResource,
  entities: readonly E[],
  ids: readonly string[],
  revise: (item: T, entity: E) => T | null,
): Promise<void> {
  const patches = entities.map((entity) => ({
    key: { resource, context: copyContextOf(resource, entity) },
    items: {
      ids,
      revise: (stored: unknown[]) =>
        (stored as T[]).map((item) => revise(item, entity)).filter((item) => item !== null),
    },
  }));
  await patchStoredCopies(await getDb(), patches, { supersedes: new Date() });
}
