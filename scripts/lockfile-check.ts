/**
 * What CI checks in package-lock.json before `npm ci`: that it is in step with package.json, and
 * that it records the native packages of every platform the team works on. Plain Node runs it
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

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'] as const;

/** Where package.json and the lockfile's record of it disagree, one line each; empty when in step. */
export function lockfileDrift(pkg: PackageJson, lock: Lockfile): string[] {
  const root = lock.packages[''] ?? {};
  const drift: string[] = [];
  for (const field of DEPENDENCY_FIELDS) {
    const wanted = pkg[field] ?? {};
    const locked = root[field] ?? {};
    for (const name of new Set([...Object.keys(wanted), ...Object.keys(locked)])) {
      if (wanted[name] === locked[name]) {
        // An exact version in package.json is the version installed.
        const installed = lock.packages[`node_modules/${name}`]?.version;
        if (/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(wanted[name]!) && installed && installed !== wanted[name])
          drift.push(`${name}: package.json wants ${wanted[name]}, the lockfile installs ${installed}`);
      } else if (!(name in locked))
        drift.push(`${name}: in package.json ${field} (${wanted[name]}), not in the lockfile`);
      else if (!(name in wanted))
        drift.push(`${name}: in the lockfile's ${field} (${locked[name]}), not in package.json`);
      else drift.push(`${name}: package.json ${field} says ${wanted[name]}, the lockfile ${locked[name]}`);
    }
  }
  return drift;
}

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
  const drift = lockfileDrift(read('package.json') as PackageJson, read('package-lock.json') as Lockfile);
  const lost = Object.entries(platformPackages(read('package-lock.json') as Lockfile)).filter(
    ([, p]) => p.missing.length,
  );
  if (drift.length) {
    console.error('package-lock.json is out of step with package.json:');
    for (const line of drift) console.error(`  - ${line}`);
    console.error('Run `npm install` and commit package-lock.json with package.json.');
  }
  if (lost.length) {
    console.error('package-lock.json lacks the native packages of some platforms:');
    for (const [platform, p] of lost) console.error(`  - ${platform}: ${p.missing.join(', ')}`);
    console.error('Make it afresh: rm package-lock.json && npm install --package-lock-only');
  }
  if (drift.length || lost.length) process.exit(1);
  console.log(`package-lock.json is in step with package.json and records ${PLATFORMS.join(', ')}.`);
}

if (import.meta.filename === process.argv[1]) main(path.resolve(import.meta.dirname, '..'));
