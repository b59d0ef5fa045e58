/**
 * What the production build is made from, as one hash: when .next holds a build of the same
 * hash, `npm run build` has nothing to do. Sources, the message catalogs (compiled into the build),
 * public files, the build's configuration, the lockfile (the versions of Next and everything
 * bundled), NEXT_PUBLIC_* and the Node version.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCE_DIRS = ['app', 'components', 'lib', 'messages', 'public'];
const ROOT_FILES = [
  'next.config.mjs',
  'postcss.config.mjs',
  'tsconfig.json',
  'proxy.ts',
  'instrumentation.ts',
  'package.json',
  'package-lock.json',
  'scripts/build.ts',
  'scripts/build-inputs.ts',
  'scripts/processes.ts',
  '.env',
  '.env.production',
  '.env.local',
  '.env.production.local',
];
/** Files that never reach the build: tests, and the data the sandbox writes. */
const SKIP = /(\.test\.tsx?$)|(^|\/)(node_modules|\.data)(\/|$)/;
/** Where a build records the hash of what it was made from. */
export const BUILD_INPUTS_FILE = path.join('.next', 'build-inputs.sha256');

function files(root: string, dir: string): string[] {
  const full = path.join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full)
    .sort()
    .flatMap((name) => {
      const rel = path.posix.join(dir, name);
      if (SKIP.test(rel)) return [];
      return statSync(path.join(root, rel)).isDirectory() ? files(root, rel) : [rel];
    });
}

export function buildInputsHash(root: string, env: Record<string, string | undefined> = process.env): string {
  const hash = createHash('sha256');
  hash.update(`node ${process.versions.node}\n`);
  for (const [key, value] of Object.entries(env)
    .filter(([key]) => key.startsWith('NEXT_PUBLIC_'))
    .sort())
    hash.update(`env ${key}=${value}\n`);
  const all = [
    ...SOURCE_DIRS.flatMap((dir) => files(root, dir)),
    ...ROOT_FILES.filter((f) => existsSync(path.join(root, f))),
  ];
  for (const file of all) {
    hash.update(`file ${file}\n`);
    hash.update(readFileSync(path.join(root, file)));
  }
  return hash.digest('hex');
}

/** Whether .next holds a complete build of these inputs. */
export function buildIsUpToDate(root: string, hash: string): boolean {
  const recorded = path.join(root, BUILD_INPUTS_FILE);
  return (
    existsSync(path.join(root, '.next', 'BUILD_ID')) &&
    existsSync(recorded) &&
    readFileSync(recorded, 'utf8').trim() === hash
  );
}
