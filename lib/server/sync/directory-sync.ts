import 'server-only';

import { GuestbookApiError } from '../../guestbook';
import type { Entity } from '../../guestbook/schemas';
import { getApiClient } from '../api';
import { getDb } from '../db';
import { directorySyncs } from '../db/schema';
import { readCopy, syncCopy, type CopyEntity, type CopyResource } from '../directory';
import { logger, logUnexpected } from '../log';
import { apiPauseUntil, SyncPaused, type SyncShare } from './pace';

/** What one turn did: copies read, the requests it sent, and when it was paused (its share spent, the API's window). */
export interface TurnReport {
  synced: number;
  changed: number;
  requests: number;
  pausedUntil: number | null;
  failed: number;
}

interface Job {
  resource: CopyResource;
  entity: CopyEntity | null;
  context: string;
}

const PER_ENTITY: CopyResource[] = ['venues', 'markets', 'commitments'];

/**
 * Every copy the sync keeps: the partner's identity, delegates and entities, and each assigned
 * entity's venues, markets and commitments (plus any copy read with the credentials' default
 * entity), the oldest first, so that a turn its share stopped goes on where it stopped; the
 * partner's first, as the entity list decides the contexts of the others.
 */
async function jobsOfTurn(): Promise<Job[]> {
  const entities = await readCopy<Entity>('entities', null);
  const db = await getDb();
  const synced = await db.select().from(directorySyncs);
  const age = new Map(synced.map((s) => [`${s.resource}:${s.context}`, s.syncedAt.getTime()]));
  const partner: Job[] = (['identity', 'delegates', 'entities'] as const).map((resource) => ({
    resource,
    entity: null,
    context: 'partner',
  }));
  const perEntity: Job[] = [
    ...entities.flatMap((e) =>
      PER_ENTITY.map((resource) => ({ resource, entity: { id: e.id, org_id: e.org_id }, context: e.id })),
    ),
    ...PER_ENTITY.filter((r) => age.has(`${r}:default`)).map((resource) => ({
      resource,
      entity: null,
      context: 'default',
    })),
  ];
  const when = (j: Job) => age.get(`${j.resource}:${j.context}`) ?? 0;
  return [...partner.sort((a, b) => when(a) - when(b)), ...perEntity.sort((a, b) => when(a) - when(b))];
}

/**
 * One turn of the directory's background sync, in the request budget's lowest lane (the caller
 * runs it as background work): each copy read in whole from the API and replaced in one
 * transaction, each request counted against the sync's share first and paused by the API's
 * rate-limit figures. A copy the API refuses to show (a missing scope) is left as it is.
 */
export async function syncTurn(share: SyncShare, sharePercent: number): Promise<TurnReport> {
  const report: TurnReport = { synced: 0, changed: 0, requests: 0, pausedUntil: null, failed: 0 };
  const client = getApiClient();
  const beforeRequest = () => {
    const pause = apiPauseUntil(client.rateLimit, client.blockedUntil(), sharePercent, Date.now());
    if (pause !== null) throw new SyncPaused(pause, 'rate-limit');
    share.take();
    report.requests++;
  };
  let unassigned = new Set<string>();
  for (const job of await jobsOfTurn()) {
    if (unassigned.has(job.context)) continue;
    try {
      const { changes } = await syncCopy(job.resource, job.entity, beforeRequest);
      // An entity unassigned since the turn began is not read in its context any more.
      if (job.resource === 'entities' && changes?.removed.length) unassigned = new Set(changes.removed);
      report.synced++;
      if (changes) report.changed += changes.added.length + changes.changed.length + changes.removed.length;
    } catch (e) {
      if (e instanceof SyncPaused) {
        report.pausedUntil = e.resumeAt;
        break;
      }
      if (e instanceof GuestbookApiError && e.status === 429) {
        report.pausedUntil = e.retryAt?.getTime() ?? Date.now() + 60_000;
        break;
      }
      if (e instanceof GuestbookApiError && e.code === 'busy') {
        // the background lane has no room now: the members' reads come first
        report.pausedUntil = Date.now() + 10_000;
        break;
      }
      report.failed++;
      if (!(e instanceof GuestbookApiError && (e.status === 403 || e.status === 404)))
        logUnexpected('directory sync', e);
    }
  }
  logger.info({ directorySync: report }, 'directory sync turn');
  return report;
}
