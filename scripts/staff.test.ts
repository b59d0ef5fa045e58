import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { openDashboardDb } from '../lib/server/db/open';
import { auditLog, staffUsers } from '../lib/server/db/schema';

const root = mkdtempSync(path.join(tmpdir(), 'gb-staff-cli-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
// A data directory that does not exist yet: the command creates it.
const dataDir = path.join(root, 'not-yet', 'data');

/** Runs `npm run staff -- …` on the test's data directory: its exit code and everything it printed. */
function staff(...args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/staff.ts', ...args], {
    env: { ...process.env, DASHBOARD_DATA_DIR: dataDir, GUESTBOOK_ENV: 'sandbox' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

async function rows() {
  const { db, close } = await openDashboardDb({ dataDir });
  try {
    return {
      staff: await db.select().from(staffUsers),
      audit: (await db.select().from(auditLog)).map((r) => `${r.staffEmail} ${r.action} ${r.resourceId} ${r.result}`),
    };
  } finally {
    await close();
  }
}

describe('npm run staff', { timeout: 60_000 }, () => {
  it('adds an admin with a one-time password, printed once, that must be replaced; the change is audited', async () => {
    const added = await staff('add', '--email', 'first@example.com', '--role', 'admin');
    expect(added.code).toBe(0);
    expect(added.output).toMatch(/One-time password: \S{16} /);
    const { staff: accounts, audit } = await rows();
    expect(accounts.map((a) => [a.email, a.role, a.mustChangePassword])).toEqual([
      ['first@example.com', 'admin', true],
    ]);
    expect(audit).toEqual(['staff command line add-staff-member first@example.com ok']);
  });

  it('refuses an e-mail that has an account, saying so, without printing the query or a password hash', async () => {
    const again = await staff(
      'add',
      '--email',
      'first@example.com',
      '--role',
      'viewer',
      '--password',
      'another long password',
    );
    expect(again.code).toBe(1);
    expect(again.output.trim()).toBe('An account with the e-mail first@example.com already exists.');
    expect(again.output).not.toMatch(/argon2|insert into|Failed query/i);
  });

  it('does not remove the last active admin; removes another member, audited', async () => {
    const last = await staff('remove', '--email', 'first@example.com');
    expect(last.code).toBe(1);
    expect(last.output.trim()).toBe('This is the last active admin: make another member admin first.');
    expect(
      await staff('add', '--email', 'second@example.com', '--role', 'operator', '--password', 'a long enough password'),
    ).toMatchObject({ code: 0 });
    expect(await staff('remove', '--email', 'second@example.com')).toMatchObject({ code: 0 });
    const { staff: accounts, audit } = await rows();
    expect(accounts.map((a) => a.email)).toEqual(['first@example.com']);
    expect(audit).toContain('staff command line remove-staff-member second@example.com ok');
  });
});
