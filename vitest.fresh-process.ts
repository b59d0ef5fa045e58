/**
 * Each test file starts as a fresh process would, though the files of a worker share one
 * (`isolate: false` in vitest.config.ts: a worker loads the modules once, not once a file):
 * - no process-wide value (lib/server/process-wide) made by an earlier file: its database, API
 *   client, stored answers and runners were that file's;
 * - the default umask: opening a data directory sets 077 for the process (lib/server/db/data-dir.ts),
 *   and the embedded PostgreSQL's initdb, run as another user, must read the files it is given.
 */
import { vi } from 'vitest';

// The project's own modules load again for each file (their mocks are that file's); the packages
// they import (node_modules) stay loaded.
vi.resetModules();
const registry = (globalThis as Record<symbol, unknown>)[Symbol.for('guestbook-dashboard.process-wide')];
if (registry instanceof Map) registry.clear();
process.umask(0o022);
