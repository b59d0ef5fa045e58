/**
 * The one place where what a sync of the directory's copy found (added, changed and removed ids
 * of a resource in a context) reaches the change feed: called inside the transaction that changed
 * the copy, so that the feed's rows and the copy's change commit together or not at all.
 *
 * What the sync finds was made outside the console (`who` null), unless the console itself made
 * it: an id that a member's change event named in the last minutes (the resync after the
 * console's own write finds that write) is left to that event. A copy synced for the first time
 * records nothing (all of it is new to the copy, nothing new to anyone). Entities become
 * `entity.created` and `entity.changed`, delegates `delegate.changed`, commitments
 * `allocation.applied`; the other resources (identity, venues, markets) have no kind a page
 * follows yet. An entity or delegate found suspended that the copy held active carries the
 * change of status and its name (the inbox tells the team, lib/server/notifications).
 */
import { and, gte, isNotNull, sql } from 'drizzle-orm';

import type { CopyResource } from '../../directory/schemas';
import type { ChangeInput } from '../changes/of-action';
import { holdFeedOrder, recordChange } from '../changes/record';
import { writesSince } from '../changes/under-way';
import type { DashboardTx } from '../db/open';
import { changeEvents } from '../db/schema';

export { COPY_RESOURCES, type CopyResource } from '../../directory/schemas';

/** One resource of the copy in one context. */
export interface CopyKey {
  resource: CopyResource;
  context: string;
}

/** What one sync of a resource in a context found: ids the API now has that the copy had not, ids whose item differs, ids gone. */
export interface DirectoryChanges extends CopyKey {
  added: string[];
  changed: string[];
  removed: string[];
  /** the copy held nothing of this resource in this context before */
  first?: boolean;
  /** entities or delegates the API now shows suspended that the copy held active, with their names */
  suspended?: { id: string; name: string | null }[];
}

export type { DashboardTx };

/** How long a member's own change event covers what the sync then finds of the same ids. */
export const OWN_WRITE_WINDOW_MS = 5 * 60_000;

/** Since when a member's event or noted write is theirs, on the database's clock, which stamped the rows read (a process's clock may be off from it). */
const OWN_WRITE_SINCE = sql`now() - make_interval(secs => ${OWN_WRITE_WINDOW_MS / 1000})`;

const addKind = (out: Map<string, Set<string>>, id: string, kind: string) =>
  out.set(id, (out.get(id) ?? new Set()).add(kind));

/**
 * The ids that members' change events named in the last minutes (any kind), for the ids given,
 * read under the feed's lock as kindsByMembers reads them. The directory's writes are not noted
 * before the API answers (only reservations' are, changes/under-way.ts): their events alone.
 */
export async function changedByMembers(
  tx: Pick<DashboardTx, 'select' | 'execute'>,
  ids: readonly string[],
): Promise<Set<string>> {
  return new Set((await eventKindsByMembers(tx, ids)).keys());
}

/**
 * The kinds of the members' change events of the last minutes that named each of the ids given,
 * and of their writes of a reservation noted before the API answered (changes/under-way.ts), read
 * under the feed's lock (holdFeedOrder), in the transaction that then records what is not theirs:
 * a member's write committing meanwhile is either read here or recorded after.
 */
export async function kindsByMembers(
  tx: Pick<DashboardTx, 'select' | 'execute'>,
  ids: readonly string[],
): Promise<Map<string, Set<string>>> {
  const out = await eventKindsByMembers(tx, ids);
  for (const w of await writesSince(tx, ids, OWN_WRITE_SINCE)) addKind(out, w.reservationId, w.kind);
  return out;
}

/** The members' change events of the last minutes naming the ids given, by id, under the feed's lock. */
async function eventKindsByMembers(
  tx: Pick<DashboardTx, 'select' | 'execute'>,
  ids: readonly string[],
): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  if (!ids.length) return out;
  await holdFeedOrder(tx);
  const wanted = new Set(ids);
  const rows = await tx
    .select({ ids: changeEvents.ids, kind: changeEvents.kind })
    .from(changeEvents)
    .where(and(gte(changeEvents.at, OWN_WRITE_SINCE), isNotNull(changeEvents.staffId)));
  for (const r of rows) for (const id of Object.values(r.ids).flat()) if (wanted.has(id)) addKind(out, id, r.kind);
  return out;
}

/**
 * Whether what the sync found of a reservation is the console's own write, which its action
 * already recorded: a member's change event of the last minutes named it, of the same kind (a
 * booking found as new, a cancel as canceled); a change found after any write of a member's is
 * taken for it. A cancel found after a member's booking or change is the guest's (or another
 * channel's), and is recorded: the member who booked it hears of it (lib/server/notifications).
 */
export function isOwnWrite(event: Pick<ChangeInput, 'kind'>, memberKinds: ReadonlySet<string> | undefined): boolean {
  if (!memberKinds) return false;
  return event.kind === 'reservation.changed' || memberKinds.has(event.kind);
}

/** A suspension's part of an event: the status before and after, and the name (no member can suspend: never their own write). */
const suspension = (c: DirectoryChanges, id: string) => {
  const found = c.suspended?.find((s) => s.id === id);
  return found ? { status: ['active', 'suspended'], name: found.name } : {};
};

/** The change events of what a sync found, as made outside the console. */
export function outsideChanges(c: DirectoryChanges, own: ReadonlySet<string>): ChangeInput[] {
  const entityId = c.context === 'partner' || c.context === 'default' ? null : c.context;
  const suspended = new Set(c.suspended?.map((s) => s.id));
  const fresh = (ids: string[]) => ids.filter((id) => !own.has(id) || suspended.has(id));
  if (c.resource === 'delegates') {
    const delegates = fresh([...c.added, ...c.changed, ...c.removed]);
    return delegates.map((id): ChangeInput => ({
      kind: 'delegate.changed',
      entityId: null,
      ids: { delegate: id },
      who: null,
      data: suspension(c, id),
    }));
  }
  if (c.resource === 'entities')
    return [
      ...fresh(c.added).map((id): ChangeInput => ({
        kind: 'entity.created',
        entityId: id,
        ids: { entity: id },
        who: null,
      })),
      ...fresh([...c.changed, ...c.removed]).map((id): ChangeInput => ({
        kind: 'entity.changed',
        entityId: id,
        ids: { entity: id },
        who: null,
        data: suspension(c, id),
      })),
    ];
  if (c.resource === 'commitments') {
    const commitments = fresh([...c.added, ...c.changed, ...c.removed]);
    return commitments.length
      ? [{ kind: 'allocation.applied', entityId, ids: { commitments }, who: null, data: { status: 'applied' } }]
      : [];
  }
  return [];
}

export async function onDirectoryChanges(tx: DashboardTx, changes: DirectoryChanges): Promise<void> {
  if (changes.first) return;
  const all = [...changes.added, ...changes.changed, ...changes.removed];
  if (!all.length || !['entities', 'delegates', 'commitments'].includes(changes.resource)) return;
  const events = outsideChanges(changes, await changedByMembers(tx, all));
  if (events.length) await recordChange(tx, ...events);
}
