/**
 * What CI checks in package-lock.json before `npm ci`: that it records the native packages of
 * every platform the team works on (a lockfile out of step with package.json, `npm ci` refuses
 * itself). Plain Node runs it
 * (`node scripts/lockfile-check.ts`, before anything is installed): erasable TypeScript only, no
 * dependency.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The platforms a clone of the repository must install on with `npm ci`. */
export const PLATFORMS = ['linux-x64', 'linux-arm64', 'darwin-arm64', 'darwin-x64', 'win32-x64'] as const;
export type Platform = (typeof PLATFORMS)[number];

interface LockEntry {
  version?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  engines?: { node?: string };
  os?: string[];
  cpu?: string[];
}
export interface Lockfile {
  packages: Record<string, LockEntry>;
}
export type PackageJson = Omit<LockEntry, 'version'>;

/** Whether a package's name says it is the native build for this platform (glibc on Linux). */
export function namesPlatform(name: string, platform: Platform): boolean {
  const [os, cpu] = platform.split('-') as [string, string];
  const system = os === 'win32' ? '(win32|windows)' : os;
  return new RegExp(`(^|[-/])${system}-${cpu}(-(gnu|msvc))?$`).test(name);
}

/** Whether npm installs this lockfile entry on one of the platforms (its `os` and `cpu` allow it). */
export function installsOnAPlatform(entry: LockEntry): boolean {
  return PLATFORMS.some((platform) => {
    const [os, cpu] = platform.split('-') as [string, string];
    return (!entry.os || entry.os.includes(os)) && (!entry.cpu || entry.cpu.includes(cpu));
  });
}

/** The lockfile entry a dependency of the package at `from` resolves to, as Node looks it up. */
function resolveEntry(lock: Lockfile, from: string, name: string): string | undefined {
  let dir = from;
  for (;;) {
    const at = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (lock.packages[at]) return at;
    if (!dir) return undefined;
    const up = dir.lastIndexOf('/node_modules/');
    dir = up < 0 ? '' : dir.slice(0, up);
  }
}

/**
 * Per platform, the native packages the lockfile records and the ones it lost: every optional
 * dependency whose name is that platform's build must have its own entry (npm drops the other
 * platforms' entries when it updates a lockfile on one platform, npm/cli#4828).
 */
export function platformPackages(lock: Lockfile): Record<Platform, { recorded: string[]; missing: string[] }> {
  const result = {} as Record<Platform, { recorded: string[]; missing: string[] }>;
  for (const platform of PLATFORMS) result[platform] = { recorded: [], missing: [] };
  for (const [at, entry] of Object.entries(lock.packages)) {
    for (const name of Object.keys(entry.optionalDependencies ?? {})) {
      for (const platform of PLATFORMS) {
        if (!namesPlatform(name, platform)) continue;
        const found = resolveEntry(lock, at, name);
        result[platform][found ? 'recorded' : 'missing'].push(found ?? `${name} (for ${at || 'the project'})`);
      }
    }
  }
  for (const platform of PLATFORMS) result[platform].recorded = [...new Set(result[platform].recorded)].sort();
  return result;
}

function main(root: string) {
  const read = (file: string): unknown => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
  const lost = Object.entries(platformPackages(read('package-lock.json') as Lockfile)).filter(
    ([, p]) => p.missing.length,
  );
  if (lost.length) {
    console.error('package-lock.json lacks the native packages of some platforms:');
    for (const [platform, p] of lost) console.error(`  - ${platform}: ${p.missing.join(', ')}`);
    console.error('Make it afresh: rm package-lock.json && npm install --package-lock-only');
  }
  if (lost.length) process.exit(1);
  console.log(`package-lock.json records the native packages of ${PLATFORMS.join(', ')}.`);
}

if (import.meta.filename === process.argv[1]) main(path.resolve(import.meta.dirname, '..'));
