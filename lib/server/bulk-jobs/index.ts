/**
 * Bulk actions run as jobs on the server: stored with their rows (store.ts), run by whichever
 * process claims them, one row at a time through the same guard as the member's own action,
 * resumed after a restart, their outcome kept until the member closes it (runner.ts).
 *
 * This index is server-only (runner.ts); store.ts is free of it for the tests.
 */
export { startBulkJobs, wakeBulkJobs } from './runner';
export { dismissJob, jobsOf, pruneJobs, recordJob } from './store';
