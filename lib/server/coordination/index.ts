/**
 * State shared by the dashboard's processes, kept in its database: advisory locks (an allocation
 * apply per entity), the election of the one process that syncs the directory, and the
 * in-process keyed lock they build on. (The request budget's shared window is lib/server/budget.)
 * Free of `server-only`.
 */

export { AdvisoryLock, type KeyLock } from './advisory-lock';
export { Election } from './election';
export { KeyedLock } from './keyed-lock';
