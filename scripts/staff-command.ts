/**
 * The staff command line's work, which scripts/staff.ts runs as `npm run staff`: each command on
 * the database of the environment it is given, its output written as lines.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { z } from 'zod';

import { COMMAND_LINE } from '../lib/activity/who';
import { issueInEnglish } from '../lib/i18n/translator';
import { issueEnrolmentCode } from '../lib/server/auth/enrolment-code';
import { WeakPasswordError } from '../lib/server/auth/password-strength';
import { rekeySecondFactors, removeSecondFactor, secretKeysOf } from '../lib/server/auth/second-factor';
import { endAllSessions } from '../lib/server/auth/staff-sessions';
import {
  createStaff,
  findStaffByEmail,
  LastAdminError,
  removeStaff,
  StaffEmail,
  toSummary,
  type StaffSummary,
} from '../lib/server/auth/staff-store';
import { loadConfig } from '../lib/server/config/config-core';
import { openDashboardDb, type DashboardDb } from '../lib/server/db/open';
import { auditLog, staffUsers } from '../lib/server/db/schema';

/**
 * The audit row of a change made here: by whoever runs the command, on the account changed, its
 * change recorded as the console records the same action's.
 */
async function audit(
  db: DashboardDb,
  action: 'add-staff-member' | 'remove-staff-member' | 'reset-staff-two-step',
  account: StaffSummary,
): Promise<void> {
  const change = {
    'add-staff-member': { before: null, after: account },
    'remove-staff-member': { before: account, after: null },
    'reset-staff-two-step': { before: null, after: { twoStep: false, enrolmentCode: 'issued' } },
  }[action];
  await db.insert(auditLog).values({
    staffId: null,
    staffEmail: COMMAND_LINE,
    action,
    resourceType: 'staff',
    resourceId: account.id,
    ...change,
    result: 'ok',
  });
}

/** Postgres's unique_violation, found on the error or the one it wraps (drizzle's query error). */
const isUniqueViolation = (e: unknown): boolean =>
  typeof e === 'object' &&
  e !== null &&
  ((e as { code?: unknown }).code === '23505' || isUniqueViolation((e as { cause?: unknown }).cause));

/** Where the command reads its environment and its chosen password, and writes its lines. */
export interface StaffCommandIo {
  env: Record<string, string | undefined>;
  /** the password given on standard input (asked for with --password-stdin only) */
  readPassword(): Promise<string>;
  /** a line of the command's output */
  out(line: string): void;
  /** a line of its errors */
  err(line: string): void;
}

/** Runs `npm run staff -- <args>`: its exit code (0 done, 1 refused, 2 a usage error). */
export async function staffCommand(args: readonly string[], io: StaffCommandIo): Promise<number> {
  const { positionals, values } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      password: { type: 'string' },
      'password-stdin': { type: 'boolean' },
      'sso-only': { type: 'boolean' },
    },
  });
  const command = positionals[0];
  if (!['add', 'list', 'remove', 'reset-two-step', 'rekey'].includes(command ?? '')) {
    io.err(
      'Usage: npm run staff -- add --email E --role viewer|operator|admin [--name N] [--password-stdin | --sso-only]\n       npm run staff -- list\n       npm run staff -- remove --email E\n       npm run staff -- reset-two-step --email E\n       npm run staff -- rekey',
    );
    return 2;
  }
  if (values.password !== undefined) {
    io.err(
      '--password: not taken on the command line, where the process list shows it. Give it on standard input with --password-stdin, or leave it out for a one-time password.',
    );
    return 2;
  }
  if (values['sso-only'] && values['password-stdin']) {
    io.err('--sso-only: a member who signs in through company sign-in only is given no password.');
    return 2;
  }
  const chosen = command === 'add' && values['password-stdin'] ? await io.readPassword() : undefined;
  const config = loadConfig(io.env);
  const { db, close } = await openDashboardDb(config);
  try {
    if (command === 'rekey') {
      const { moved, unreadable } = await rekeySecondFactors(db, secretKeysOf(config));
      io.out(`Second factors encrypted with the current AUTH_SECRET: ${moved} moved from the previous one.`);
      if (unreadable.length) {
        io.out(
          `Encrypted with a secret that is neither AUTH_SECRET nor AUTH_SECRET_PREVIOUS (an admin resets their second factor): ${unreadable.join(', ')}`,
        );
        return 1;
      }
      return 0;
    }
    if (command === 'list') {
      for (const u of await db.select().from(staffUsers).orderBy(staffUsers.email)) {
        io.out(`${u.email}\t${u.role}\t${u.disabled ? 'disabled' : 'active'}\t${u.name}`);
      }
      return 0;
    }
    if (command === 'reset-two-step') return await resetTwoStep(db, values.email, io);
    if (command === 'remove') {
      const email = emailGiven(values.email, io);
      if (email === null) return 2;
      const removed = await removeStaff(db, email);
      if (!removed) return noAccount(email, io);
      await audit(db, 'remove-staff-member', removed);
      io.out(`Removed ${email} and its sessions.`);
      return 0;
    }
    const ssoOnly = values['sso-only'] === true;
    const generated = chosen === undefined && !ssoOnly;
    const password = ssoOnly ? undefined : (chosen ?? randomBytes(12).toString('base64url'));
    const created = await createStaff(db, {
      email: values.email ?? '',
      name: values.name ?? values.email?.split('@')[0] ?? '',
      role: (values.role ?? '') as 'admin',
      password,
      mustChangePassword: generated,
      ssoOnly,
    });
    await audit(db, 'add-staff-member', created);
    io.out(`Added ${created.email} (${created.role}${ssoOnly ? ', company sign-in only' : ''}).`);
    if (generated)
      io.out(
        `One-time password: ${password}  (shown once; hand it over securely: it must be replaced at the first sign-in, within 72 hours)`,
      );
    if (!ssoOnly) printEnrolmentCode(await issueEnrolmentCode(db, created.id), io);
    return 0;
  } catch (e) {
    if (e instanceof z.ZodError) {
      io.err(e.issues.map((i) => `--${i.path.join('.')}: ${issueInEnglish(i.message)}`).join('\n'));
      return 2;
    }
    // Never the failed query itself: it carries the new password's hash.
    if (isUniqueViolation(e)) {
      io.err(`An account with the e-mail ${values.email} already exists.`);
      return 1;
    }
    if (e instanceof WeakPasswordError) {
      io.err(`--password: ${e.message}`);
      return 2;
    }
    if (e instanceof LastAdminError) {
      io.err(e.message);
      return 1;
    }
    throw e;
  } finally {
    await close();
  }
}

function printEnrolmentCode(code: string, io: StaffCommandIo): void {
  io.out(
    `Enrolment code: ${code}  (shown once; hand it over apart from the password: setting up two-step sign-in asks for it, within 72 hours)`,
  );
}

/** The account's e-mail as --email gives it, or null when it is not one (said on the errors). */
function emailGiven(given: string | undefined, io: StaffCommandIo): string | null {
  const email = StaffEmail.safeParse(given ?? '');
  if (email.success) return email.data;
  io.err('--email: must be an e-mail address');
  return null;
}

/** Says that no account has the e-mail: exit code 1. */
function noAccount(email: string, io: StaffCommandIo): number {
  io.out(`No account has the e-mail ${email}.`);
  return 1;
}

/** Removes the member's second factor, ends every session and known device of the account, and prints a new enrolment code. */
async function resetTwoStep(db: DashboardDb, given: string | undefined, io: StaffCommandIo): Promise<number> {
  const email = emailGiven(given, io);
  if (email === null) return 2;
  const user = await findStaffByEmail(db, email);
  if (!user) return noAccount(email, io);
  if (user.ssoOnly) {
    io.err(`${email} signs in through company sign-in only: their provider's own checks apply.`);
    return 1;
  }
  await removeSecondFactor(db, user.id);
  await endAllSessions(db, user.id);
  const code = await issueEnrolmentCode(db, user.id);
  await audit(db, 'reset-staff-two-step', toSummary(user));
  io.out(`Reset the two-step sign-in of ${email}; every session and known device of the account ended.`);
  printEnrolmentCode(code, io);
  return 0;
}
