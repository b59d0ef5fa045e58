import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

import { installsOnAPlatform, platformPackages, PLATFORMS, type Lockfile, type PackageJson } from './lockfile-check';

const ROOT = path.resolve(import.meta.dirname, '..');
const read = <T>(file: string): T => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as T;
const lock = read<Lockfile>('package-lock.json');
const pkg = read<PackageJson & { engines: { node: string } }>('package.json');

/** The native packages the product and its tools cannot run without, on every platform. */
const ESSENTIAL = ['@next/swc-', '@node-rs/argon2-', '@tailwindcss/oxide-', 'lightningcss-', '@esbuild/', '@rolldown/'];

describe('package-lock.json', () => {
  it('covers the five platforms the team installs on', () => {
    expect(PLATFORMS).toEqual(['linux-x64', 'linux-arm64', 'darwin-arm64', 'darwin-x64', 'win32-x64']);
  });

  it.each(PLATFORMS)('records every native package of %s', (platform) => {
    const { recorded, missing } = platformPackages(lock)[platform];
    expect(missing).toEqual([]);
    for (const prefix of ESSENTIAL)
      expect(
        recorded.some((at) => at.startsWith(`node_modules/${prefix}`)),
        `${prefix}* for ${platform}`,
      ).toBe(true);
  });
});

describe('the lockfile check', () => {
  const doctored = (drop: RegExp): Lockfile => ({
    packages: Object.fromEntries(Object.entries(lock.packages).filter(([at]) => !drop.test(at))),
  });

  it('names the platform whose packages an update on another one dropped (npm/cli#4828)', () => {
    const report = platformPackages(doctored(/darwin-arm64/));
    expect(report['darwin-arm64'].missing).toContain('@next/swc-darwin-arm64 (for node_modules/next)');
    expect(report['darwin-arm64'].recorded).toEqual([]);
    expect(report['linux-x64'].missing).toEqual([]);
    expect(report['win32-x64'].missing).toEqual([]);
  });
});

describe('Node', () => {
  /** The oldest release of each Node line package.json supports. */
  const OLDEST = ['22.19.0', '24.0.0', '26.0.0'];

  it('package.json supports Node 22, 24 and 26 and no older one, and .nvmrc names 24', () => {
    for (const version of OLDEST) expect(semver.satisfies(version, pkg.engines.node), version).toBe(true);
    for (const version of ['20.20.0', '22.18.0', '23.0.0', '25.0.0'])
      expect(semver.satisfies(version, pkg.engines.node), version).toBe(false);
    expect(readFileSync(path.join(ROOT, '.nvmrc'), 'utf8').trim()).toBe('24');
  });

  it.each(OLDEST)('every package the lockfile installs accepts Node %s (no EBADENGINE at install)', (version) => {
    const refusing = Object.entries(lock.packages)
      .filter(([, entry]) => installsOnAPlatform(entry) && entry.engines?.node)
      .filter(([, entry]) => !semver.satisfies(version, entry.engines!.node!))
      .map(([at, entry]) => `${at} wants ${entry.engines!.node}`);
    expect(refusing).toEqual([]);
  });
});
