import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';

/**
 * The data directory holds password hashes, sessions, roles and the audit log: no one but the
 * server's own user may read or change it. Creates it 0700, or tightens an existing one and
 * everything under it to the owner alone, and sets the process's umask for the files created
 * from now on (PGlite sets its own modes: the directory's 0700 is what keeps others out).
 */
export function secureDataDir(dir: string): void {
  if (isMainThread) process.umask(0o077); // a worker thread cannot set it
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  ownerOnly(dir);
}

function ownerOnly(file: string): void {
  const stat = lstatSync(file);
  if (stat.isSymbolicLink()) return;
  if ((stat.mode & 0o077) !== 0) chmodSync(file, stat.mode & 0o700);
  if (stat.isDirectory()) for (const name of readdirSync(file)) ownerOnly(path.join(file, name));
}
