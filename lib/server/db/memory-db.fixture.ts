import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';

import { openDashboardDb, type OpenedDb } from './open';

let snapshot: Promise<Blob> | undefined;

/**
 * A test's own embedded database in memory, every migration applied: started from the run's
 * migrated dump (vitest.db-snapshot.ts), read once in each test process.
 */
export async function openMemoryDb(): Promise<OpenedDb> {
  snapshot ??= readFile(inject('migratedDb')).then((bytes) => new Blob([bytes]));
  return openDashboardDb({ dataDir: '', memory: true, snapshot: await snapshot });
}
