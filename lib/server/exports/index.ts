/**
 * Reservation exports prepared on the server: started by the member (start.ts), stored with their
 * search (store.ts), prepared by whichever process claims them (runner.ts), their file kept for the
 * member alone until it expires; the inbox tells the member when one is ready.
 *
 * This index is server-only; store.ts is free of it for the tests.
 */
export { startExports, wakeExports } from './runner';
export { startExport } from './start';
export { exportFileOf, exportsOf, pruneExports } from './store';
