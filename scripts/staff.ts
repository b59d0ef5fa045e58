/**
 * Staff accounts from the command line, for the first admin of a real deployment:
 *
 *   npm run staff -- add --email ana@example.com --name "Ana Ops" --role admin [--password-stdin | --sso-only]
 *   npm run staff -- list
 *   npm run staff -- remove --email ana@example.com
 *   npm run staff -- reset-two-step --email ana@example.com
 *   npm run staff -- rekey
 *
 * Without --password-stdin a random one-time password is generated and printed once: it must be
 * replaced at the first sign-in. With it, the password is read from standard input (asked for,
 * unechoed, at a terminal), never from the command line, where the process list would show it;
 * a common or easily guessed one is refused. With --sso-only the member signs in through company
 * sign-in (OIDC) only, and has no password at all. Each change is in the activity log (as "staff command line"). The
 * last active admin cannot be removed. With the embedded database, stop the dashboard first (one
 * process at a time).
 *
 * `add` (but for --sso-only) and `reset-two-step` print a one-time enrolment code, shown once:
 * the member's first second factor is set up only with it (lib/server/auth/enrolment-code.ts).
 * `reset-two-step` removes the member's second factor (a lost phone, the last admin's too) and
 * ends every session and known device of the account.
 *
 * `rekey`, after AUTH_SECRET was rotated (the old one given as AUTH_SECRET_PREVIOUS): every
 * second factor still encrypted with the old secret is encrypted with the new one, so that
 * AUTH_SECRET_PREVIOUS can then be removed (docs/operations.md, "Rotating AUTH_SECRET").
 */
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
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
import { configFromProcess } from '../lib/server/config/config-core';
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

const { positionals, values } = parseArgs({
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

/** The password on standard input: typed at a terminal without echo, or piped (one trailing newline dropped). */
async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = '';
    for await (const chunk of process.stdin) text += String(chunk);
    return text.replace(/\r?\n$/, '');
  }
  process.stderr.write('Password (not shown): ');
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  const rl = createInterface({ input: process.stdin, output: silent, terminal: true });
  const answer = await new Promise<string>((resolve) => rl.question('', resolve));
  rl.close();
  process.stderr.write('\n');
  return answer;
}

async function main(): Promise<number> {
  const command = positionals[0];
  if (!['add', 'list', 'remove', 'reset-two-step', 'rekey'].includes(command ?? '')) {
    console.error(
      'Usage: npm run staff -- add --email E --role viewer|operator|admin [--name N] [--password-stdin | --sso-only]\n       npm run staff -- list\n       npm run staff -- remove --email E\n       npm run staff -- reset-two-step --email E\n       npm run staff -- rekey',
    );
    return 2;
  }
  if (values.password !== undefined) {
    console.error(
      '--password: not taken on the command line, where the process list shows it. Give it on standard input with --password-stdin, or leave it out for a one-time password.',
    );
    return 2;
  }
  if (values['sso-only'] && values['password-stdin']) {
    console.error('--sso-only: a member who signs in through company sign-in only is given no password.');
    return 2;
  }
  const chosen = command === 'add' && values['password-stdin'] ? await readPassword() : undefined;
  const config = configFromProcess();
  const { db, close } = await openDashboardDb(config);
  try {
    if (command === 'rekey') {
      const { moved, unreadable } = await rekeySecondFactors(db, secretKeysOf(config));
      console.log(`Second factors encrypted with the current AUTH_SECRET: ${moved} moved from the previous one.`);
      if (unreadable.length) {
        console.log(
          `Encrypted with a secret that is neither AUTH_SECRET nor AUTH_SECRET_PREVIOUS (an admin resets their second factor): ${unreadable.join(', ')}`,
        );
        return 1;
      }
      return 0;
    }
    if (command === 'list') {
      for (const u of await db.select().from(staffUsers).orderBy(staffUsers.email)) {
        console.log(`${u.email}\t${u.role}\t${u.disabled ? 'disabled' : 'active'}\t${u.name}`);
      }
      return 0;
    }
    if (command === 'reset-two-step') return await resetTwoStep(db, values.email);
    if (command === 'remove') {
      const email = StaffEmail.safeParse(values.email ?? '');
      if (!email.success) {
        console.error('--email: must be an e-mail address');
        return 2;
      }
      const removed = await removeStaff(db, email.data);
      if (!removed) {
        console.log(`No account has the e-mail ${email.data}.`);
        return 1;
      }
      await audit(db, 'remove-staff-member', removed);
      console.log(`Removed ${email.data} and its sessions.`);
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
    console.log(`Added ${created.email} (${created.role}${ssoOnly ? ', company sign-in only' : ''}).`);
    if (generated)
      console.log(
        `One-time password: ${password}  (shown once; hand it over securely: it must be replaced at the first sign-in, within 72 hours)`,
      );
    if (!ssoOnly) printEnrolmentCode(await issueEnrolmentCode(db, created.id));
    return 0;
  } catch (e) {
    if (e instanceof z.ZodError) {
      console.error(e.issues.map((i) => `--${i.path.join('.')}: ${issueInEnglish(i.message)}`).join('\n'));
      return 2;
    }
    // Never the failed query itself: it carries the new password's hash.
    if (isUniqueViolation(e)) {
      console.error(`An account with the e-mail ${values.email} already exists.`);
      return 1;
    }
    if (e instanceof WeakPasswordError) {
      console.error(`--password: ${e.message}`);
      return 2;
    }
    if (e instanceof LastAdminError) {
      console.error(e.message);
      return 1;
    }
    throw e;
  } finally {
    await close();
  }
}

function printEnrolmentCode(code: string): void {
  console.log(
    `Enrolment code: ${code}  (shown once; hand it over apart from the password: setting up two-step sign-in asks for it, within 72 hours)`,
  );
}

/** Removes the member's second factor, ends every session and known device of the account, and prints a new enrolment code. */
async function resetTwoStep(db: DashboardDb, given: string | undefined): Promise<number> {
  const email = StaffEmail.safeParse(given ?? '');
  if (!email.success) {
    console.error('--email: must be an e-mail address');
    return 2;
  }
  const user = await findStaffByEmail(db, email.data);
  if (!user) {
    console.log(`No account has the e-mail ${email.data}.`);
    return 1;
  }
  if (user.ssoOnly) {
    console.error(`${email.data} signs in through company sign-in only: their provider's own checks apply.`);
    return 1;
  }
  await removeSecondFactor(db, user.id);
  await endAllSessions(db, user.id);
  const code = await issueEnrolmentCode(db, user.id);
  await audit(db, 'reset-staff-two-step', toSummary(user));
  console.log(`Reset the two-step sign-in of ${email.data}; every session and known device of the account ended.`);
  printEnrolmentCode(code);
  return 0;
}

main().then((code) => process.exit(code));
