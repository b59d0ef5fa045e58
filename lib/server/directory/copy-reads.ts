import 'server-only';

import { cache } from 'react';

import { GuestbookApiError } from '../../guestbook';
import { reportCopyAge } from '../api';
import { processWide } from '../process-wide';
import { copySyncKey, type CopyResource } from './copy-store';
import { copyContextOf, copySyncs, storedCopy, syncCopy, type CopyEntity } from './copy-sync';

interface Copy {
  items: unknown[];
  syncedAt: Date;
}

/** The copies one request has read, by `resource:context`: each is read once per request. */
const readThisRequest = cache(() => new Map<string, Promise<Copy>>());

/** Every copy's sync and revision, read once per request for all the copies it shows. */
const syncsThisRequest = cache(copySyncs);

/** Copies never synced being read from the API by this process: page views asking at once share the read. */
const fills = processWide(
  'the first reads of directory copies never synced, by copy',
  () => new Map<string, Promise<Copy>>(),
);

async function loadCopy(resource: CopyResource, entity: CopyEntity | null, key: string): Promise<Copy> {
  const stored = await storedCopy(resource, entity, (await syncsThisRequest()).get(key) ?? null);
  if (stored) return stored;
  const joined = fills.get(key);
  // A read dropped because the page view that made it ended is made again for this one.
  if (joined)
    return joined.catch((e: unknown) => {
      if (e instanceof GuestbookApiError && e.code === 'aborted') return loadCopy(resource, entity, key);
      throw e;
    });
  const filling = syncCopy(resource, entity).finally(() => fills.delete(key));
  fills.set(key, filling);
  return filling;
}

/**
 * A directory resource as the page shows it, from the dashboard's copy (read in the entity's
 * context where the API's answer depends on it): the same objects the API answered, in its
 * order. A copy never synced is read from the API at once, in the page's lane, and stored. A copy
 * older than a minute is served as it is, and the page says when it was read (readApi's `asOf`).
 */
export async function readCopy<T>(resource: CopyResource, entity: CopyEntity | null): Promise<T[]> {
  const context = copyContextOf(resource, entity);
  const key = copySyncKey({ resource, context });
  const memo = readThisRequest();
  let copy = memo.get(key);
  if (!copy) {
    copy = loadCopy(resource, entity, key);
    memo.set(key, copy);
  }
  const { items, syncedAt } = await copy;
  reportCopyAge({ resource, context }, syncedAt);
  return items as T[];
}
