/**
 * The notification inbox: items raised for a member from the change feed (`raise.ts`: a
 * reservation they booked or last changed, canceled or changed outside the console; a reservation
 * or venue they watch; a large party for today; an apply of theirs that stopped part-way; an
 * admin's change to their role, or two-step sign-in required for it), their
 * inbox and its triage (`inbox.ts`), and each process's raiser (`startNotifications`). Items are
 * kept NOTIFICATION_RETENTION_DAYS, pruned with the activity log's retention.
 *
 * This index is server-only. Plain-Node code (the tests) imports `notifications/raise` and
 * `notifications/inbox` directly.
 */
import 'server-only';

import type { ChangeEvent } from '../../changes/events';
import { getChangeFeed, recentChanges } from '../changes';
import { getDb } from '../db';
import { logUnexpected } from '../log';
import { processWide } from '../process-wide';
import { raiseFromChanges } from './raise';

export {
  inboxPage,
  listInbox,
  markAllDone,
  markNotifications,
  pruneNotifications,
  unreadCount,
  type Recipient,
} from './inbox';

/** What a process raises again when it starts: the outside changes it may have missed while down. */
const CATCH_UP_MS = 86_400_000;

const globalForRaiser = processWide("this process's raiser of notifications from the change feed", () => ({
  started: false,
  queue: Promise.resolve(),
}));

/** Raises from `events` after what this process is raising already (one batch at a time). */
function raiseInTurn(events: readonly ChangeEvent[]): void {
  // Every change of a reservation (outside ones, a watched one, a large party, a full quarter hour),
  // a member's apply that stopped, a bulk action or an export of theirs that ended, a mention in a guest's note,
  // an entity or delegate suspended, admins' changes to the team.
  const wanted = events.filter(
    (e) =>
      e.kind.startsWith('reservation.') ||
      (e.who !== null && e.kind === 'allocation.applied' && e.data.status === 'failed') ||
      e.kind === 'bulk.finished' ||
      e.kind === 'export.finished' ||
      (e.who !== null && e.kind === 'guest.changed' && Array.isArray(e.data.mentions)) ||
      (e.who === null && (e.kind === 'entity.changed' || e.kind === 'delegate.changed') && !!e.data.status) ||
      (e.who !== null && e.kind === 'team.changed'),
  );
  if (!wanted.length) return;
  globalForRaiser.queue = globalForRaiser.queue
    .then(async () => {
      await raiseFromChanges(await getDb(), wanted);
    })
    .catch((e: unknown) => void logUnexpected('notifications raise', e));
}

/**
 * Subscribes this process's raiser to its change-feed reader (once), then raises from the outside
 * changes of the last day, which a process down meanwhile would have missed (each lands once).
 */
export function startNotifications(): void {
  if (globalForRaiser.started) return;
  globalForRaiser.started = true;
  void (async () => {
    const feed = await getChangeFeed();
    feed.subscribe(raiseInTurn);
    const missed = await recentChanges(await getDb(), {
      entityIds: null,
      kinds: [
        'reservation.created',
        'reservation.canceled',
        'reservation.changed',
        'allocation.applied',
        'bulk.finished',
        'export.finished',
        'team.changed',
      ],
      since: new Date(Date.now() - CATCH_UP_MS),
      limit: 1_000,
    });
    raiseInTurn(missed.reverse());
  })().catch((e: unknown) => {
    globalForRaiser.started = false;
    logUnexpected('notifications start', e);
  });
}
