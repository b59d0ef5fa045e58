import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname) } },
  test: {
    include: ['lib/**/*.test.ts', 'app/**/*.test.ts', 'components/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['./vitest.fresh-process.ts', './vitest.clock.ts'],
    globalSetup: ['./vitest.db-snapshot.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // A worker loads the modules once for all its files (vitest.fresh-process.ts resets what a file
    // leaves behind): loading them again for each file took most of the run.
    isolate: false,
    // One more fork than cores: many files wait on a child process (a sandbox, PostgreSQL, the
    // staff CLI) for much of their time, and Vitest's default leaves a core of two idle.
    maxWorkers: availableParallelism() + 1,
  },
});
