/**
 * Vitest's global setup: the embedded database, migrated once for the whole run and dumped to a
 * file, from which every test's in-memory database starts (`openMemoryDb`,
 * lib/server/db/memory-db.fixture.ts) instead of creating and migrating its own: the dump loads
 * in about half the time of an empty database's creation, and a run opens one in dozens of files.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the file of the migrated embedded database's dump */
    migratedDb: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'gb-migrated-db-'));
  const client = await PGlite.create();
  try {
    await migrate(drizzle(client), { migrationsFolder: path.join(import.meta.dirname, 'lib/server/db/migrations') });
    const dump = await client.dumpDataDir('none');
    const file = path.join(dir, 'migrated.tar');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('migratedDb', file);
  } finally {
    await client.close();
  }
  return () => rm(dir, { recursive: true, force: true });
}
