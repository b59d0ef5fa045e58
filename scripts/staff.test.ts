import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

import { checkEnrolmentCode, enrolmentCodeState } from '../lib/server/auth/enrolment-code';
import { verifyPassword } from '../lib/server/auth/passwords';
import { decryptSecret, encryptSecret } from '../lib/server/auth/second-factor';
import { ONE_TIME_PASSWORD_HOURS } from '../lib/server/auth/staff-store';
import { openDashboardDb } from '../lib/server/db/open';
import { auditLog, staffUsers, type AuditRow } from '../lib/server/db/schema';
import { staffEnrolmentCodes } from '../lib/server/db/schema-sign-in';
import { staffCommand } from './staff-command';

const root = mkdtempSync(path.join(tmpdir(), 'gb-staff-cli-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
// A data directory that does not exist yet: the command creates it.
const dataDir = path.join(root, 'not-yet', 'data');

type Ran = { code: number | null; output: string };

/**
 * `npm run staff -- …` run as the process an admin starts, on the test's data directory: its
 * exit code and everything it printed, `input` piped to its standard input.
 */
function spawned(input: string | null, ...args: string[]): Promise<Ran> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/staff.ts', ...args], {
    env: { ...process.env, DASHBOARD_DATA_DIR: dataDir, GUESTBOOK_ENV: 'sandbox' },
    stdio: [input === null ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  if (input !== null) child.stdin!.end(input);
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

/**
 * The same command's work (staff-command.ts, which the process runs) in this process, with more
 * environment variables and `input` as the password given on standard input: the process's start
 * (seconds of loading) once, in `spawned`, rather than for every step.
 */
async function run(input: string | null, env: Record<string, string>, args: string[]): Promise<Ran> {
  let output = '';
  const line = (text: string) => (output += `${text}\n`);
  const code = await staffCommand(args, {
    env: { DASHBOARD_DATA_DIR: dataDir, GUESTBOOK_ENV: 'sandbox', ...env },
    readPassword: async () => (input ?? '').replace(/\r?\n$/, ''),
    out: line,
    err: line,
  });
  return { code, output };
}

const staff = (...args: string[]) => run(null, {}, args);
const staffWithInput = (input: string, ...args: string[]) => run(input, {}, args);
const staffIn = (env: Record<string, string>, ...args: string[]) => run(null, env, args);

async function rows() {
  const { db, close } = await openDashboardDb({ dataDir });
  try {
    const staff = await db.select().from(staffUsers);
    // The account a row is about, by its id: a removed one by the e-mail its row recorded.
    const emailOf = (r: AuditRow) =>
      r.resourceType === 'staff'
        ? (staff.find((a) => a.id === r.resourceId)?.email ?? (r.before as { email?: string } | null)?.email)
        : `not a member's row (${r.resourceType})`;
    return {
      staff,
      audit: (await db.select().from(auditLog)).map((r) => `${r.staffEmail} ${r.action} ${emailOf(r)} ${r.result}`),
    };
  } finally {
    await close();
  }
}

describe('npm run staff', { timeout: 180_000 }, () => {
  it('adds an admin with a one-time password and an enrolment code, printed once; the change is audited', async () => {
    const added = await spawned(null, 'add', '--email', 'first@example.com', '--role', 'admin');
    expect(added.code).toBe(0);
    expect(added.output).toMatch(/One-time password: \S{16} /);
    expect(added.output).toMatch(/Enrolment code: [A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4} +\(shown once/);
    const { staff: accounts, audit } = await rows();
    expect(accounts.map((a) => [a.email, a.role, a.mustChangePassword])).toEqual([
      ['first@example.com', 'admin', true],
    ]);
    expect(audit).toEqual(['staff command line add-staff-member first@example.com ok']);
  });

  it('refuses an e-mail that has an account, saying so, without printing the query or a password hash', async () => {
    const again = await staffWithInput(
      'another long password\n',
      'add',
      '--email',
      'first@example.com',
      '--role',
      'viewer',
      '--password-stdin',
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
      await staffWithInput(
        'a long enough password\n',
        'add',
        '--email',
        'second@example.com',
        '--role',
        'operator',
        '--password-stdin',
      ),
    ).toMatchObject({ code: 0 });
    expect(await staff('remove', '--email', 'second@example.com')).toMatchObject({ code: 0 });
    const { staff: accounts, audit } = await rows();
    expect(accounts.map((a) => a.email)).toEqual(['first@example.com']);
    expect(audit).toContain('staff command line remove-staff-member second@example.com ok');
  });

  it('takes a chosen password from standard input only, and refuses a common one; nothing is added then', async () => {
    const inArgs = await staff(
      'add',
      '--email',
      'args@example.com',
      '--role',
      'viewer',
      '--password',
      'visible in ps 2026',
    );
    expect(inArgs.code).toBe(2);
    expect(inArgs.output).toContain('--password: not taken on the command line');
    const weak = await staffWithInput(
      'Password1234!\n',
      'add',
      '--email',
      'weak@example.com',
      '--role',
      'admin',
      '--password-stdin',
    );
    expect(weak.code).toBe(2);
    expect(weak.output.trim()).toBe(
      '--password: A common password, or too close to one: choose a few words nobody would guess.',
    );
    const named = await staffWithInput(
      'ana.ops 1234 ana\n',
      'add',
      '--email',
      'ana.ops@example.com',
      '--role',
      'viewer',
      '--password-stdin',
    );
    expect(named.output.trim()).toBe('--password: Contains your name or e-mail.');
    const piped = await spawned(
      'a tram to the far lighthouse\n',
      'add',
      '--email',
      'piped@example.com',
      '--role',
      'viewer',
      '--password-stdin',
    );
    expect(piped).toMatchObject({ code: 0 });
    expect(piped.output).toMatch(/^Added piped@example.com \(viewer\).\nEnrolment code: [A-Z2-9-]{14} /);
    const { staff: accounts } = await rows();
    expect(accounts.map((a) => a.email).sort()).toEqual(['first@example.com', 'piped@example.com']);
    const pipedAccount = accounts.find((a) => a.email === 'piped@example.com')!;
    expect(pipedAccount.mustChangePassword).toBe(false);
    expect(await verifyPassword(pipedAccount.passwordHash, 'a tram to the far lighthouse')).toBe(true);
  });

  it('adds a member for company sign-in only, with no password printed or asked for', async () => {
    expect(await staff('add', '--email', 'sso.only@example.com', '--role', 'viewer', '--sso-only')).toEqual({
      code: 0,
      output: 'Added sso.only@example.com (viewer, company sign-in only).\n',
    });
    const account = (await rows()).staff.find((a) => a.email === 'sso.only@example.com')!;
    expect([account.ssoOnly, account.mustChangePassword]).toEqual([true, false]);
  });

  it('rekey moves the second factors kept under AUTH_SECRET_PREVIOUS to AUTH_SECRET, and names one neither opens', async () => {
    const previous = 'the secret before the rotation, 0123456789abcdef';
    const current = 'the secret after the rotation, fedcba9876543210';
    const { db, close } = await openDashboardDb({ dataDir });
    try {
      const [first] = await db.select().from(staffUsers).where(eq(staffUsers.email, 'first@example.com'));
      const [piped] = await db.select().from(staffUsers).where(eq(staffUsers.email, 'piped@example.com'));
      await db
        .update(staffUsers)
        .set({ totpSecret: encryptSecret('MZXW6YTBOI', previous) })
        .where(eq(staffUsers.id, first!.id));
      await db
        .update(staffUsers)
        .set({ totpSecret: encryptSecret('MZXW6YTBOI', 'a secret nobody has any more, 0123456789') })
        .where(eq(staffUsers.id, piped!.id));
    } finally {
      await close();
    }
    const rotated = { AUTH_SECRET: current, AUTH_SECRET_PREVIOUS: previous };
    expect(await staffIn(rotated, 'rekey')).toEqual({
      code: 1,
      output:
        'Second factors encrypted with the current AUTH_SECRET: 1 moved from the previous one.\n' +
        'Encrypted with a secret that is neither AUTH_SECRET nor AUTH_SECRET_PREVIOUS (an admin resets their second factor): piped@example.com\n',
    });
    const { staff: accounts } = await rows();
    const moved = accounts.find((a) => a.email === 'first@example.com')!.totpSecret!;
    expect(decryptSecret(moved, current)).toBe('MZXW6YTBOI');
    expect(() => decryptSecret(moved, previous)).toThrow();
  });

  it('reset-two-step removes the second factor, ends the sessions and devices, and prints an enrolment code that is asked for', async () => {
    const before = (await rows()).staff.find((a) => a.email === 'first@example.com')!;
    expect(before.totpSecret).not.toBeNull();
    const reset = await staff('reset-two-step', '--email', 'first@example.com');
    expect(reset.code).toBe(0);
    const code = /Enrolment code: ([A-Z2-9-]{14}) +\(shown once/.exec(reset.output)?.[1];
    expect(code, reset.output).toBeTruthy();
    const { staff: accounts, audit } = await rows();
    const after = accounts.find((a) => a.email === 'first@example.com')!;
    expect([after.totpSecret, after.sessionVersion]).toEqual([null, before.sessionVersion + 1]);
    expect(audit).toContain('staff command line reset-staff-two-step first@example.com ok');
    const { db, close } = await openDashboardDb({ dataDir });
    try {
      // A minute after the command line issued it: its expiry less the 72 hours, plus a minute.
      const [issued] = await db
        .select({ expiresAt: staffEnrolmentCodes.expiresAt })
        .from(staffEnrolmentCodes)
        .where(eq(staffEnrolmentCodes.staffId, after.id));
      const soon = new Date(issued!.expiresAt.getTime() - ONE_TIME_PASSWORD_HOURS * 3_600_000 + 60_000);
      expect(await enrolmentCodeState(db, after.id, soon)).toBe('valid');
      expect(await checkEnrolmentCode(db, after.id, code!, soon)).toBe('right');
    } finally {
      await close();
    }
    expect(await staff('reset-two-step', '--email', 'nobody@example.com')).toEqual({
      code: 1,
      output: 'No account has the e-mail nobody@example.com.\n',
    });
  });
});
