/**
 * The one place where what a sync of the directory's copy found (added, changed and removed ids
 * of a resource in a context) reaches the change feed: called inside the transaction that changed
 * the copy, so that the feed's rows and the copy's change commit together or not at all.
 *
 * The change feed (lib/server/changes, `recordChange`) records one change event per id here;
 * until it is wired, the copy's changes are recorded nowhere else.
 */
import type { CopyResource } from '../../directory/schemas';
import type { DashboardDb } from '../db/open';

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
}

/** A transaction of the dashboard database, as the copy's writes run in. */
export type DashboardTx = Parameters<Parameters<DashboardDb['transaction']>[0]>[0];

export async function onDirectoryChanges(_tx: DashboardTx, _changes: DirectoryChanges): Promise<void> {}
