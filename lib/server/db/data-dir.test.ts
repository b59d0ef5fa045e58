import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { secureDataDir } from './data-dir';
import { openDashboardDb } from './open';

const root = mkdtempSync(path.join(tmpdir(), 'gb-data-dir-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every file and directory under `dir` (itself included) that another user could read or write, with its mode. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const walk = (file: string) => {
    const stat = statSync(file);
    if ((stat.mode & 0o077) !== 0) found.push(`${path.relative(root, file) || '.'} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(file)) walk(path.join(file, name));
  };
  walk(dir);
  return found;
}

describe('the data directory', () => {
  it('is created 0700 when the embedded database opens, and no file in it is open to other users once it has opened', async () => {
    process.umask(0o000); // the most open: PGlite's files would be 0666 and its directories 0777
    const dataDir = path.join(root, 'fresh', 'data');
    const opened = await openDashboardDb({ dataDir });
    await opened.close();
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(readdirSync(path.join(dataDir, 'db')).length).toBeGreaterThan(10);
    expect(openToOthers(dataDir)).toEqual([]);
  });

  it('tightens an existing world-writable one, and everything under it, to its owner', () => {
    const dataDir = path.join(root, 'old');
    mkdirSync(path.join(dataDir, 'db', 'base'), { recursive: true });
    writeFileSync(path.join(dataDir, 'db', 'base', 'table'), 'rows');
    writeFileSync(path.join(dataDir, 'auth-secret'), 'secret');
    for (const file of ['', 'db', 'db/base']) chmodSync(path.join(dataDir, file), 0o777);
    for (const file of ['db/base/table', 'auth-secret']) chmodSync(path.join(dataDir, file), 0o666);
    expect(openToOthers(dataDir)).toHaveLength(5);
    secureDataDir(dataDir);
    expect(openToOthers(dataDir)).toEqual([]);
    expect(statSync(path.join(dataDir, 'db', 'base', 'table')).mode & 0o777).toBe(0o600);
  });
});
