/**
 * Staff accounts: creation, lookup and the password check with lockout. Framework-free so
 * that the `npm run staff` command and the tests use exactly what the dashboard uses.
 */
import { randomBytes } from 'node:crypto';
import { and, count, eq, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';

import { STAFF_ROLES, type StaffRole } from '@/lib/auth/roles';
import { said, type Said } from '@/lib/i18n/said';

import { StaffPassword } from '../../auth/password-policy';
import type { DashboardDb } from '../db/open';
import { loginThrottle, staffSessions, staffUsers, type StaffUser } from '../db/schema';
import { endKnownDevices, knownDeviceOf } from './known-devices';
import {
  ACCOUNT_LIMIT,
  accountKey,
  ADDRESS_LIMIT,
  addressKey,
  clearAttempts,
  countAttempt,
  countProgressiveAttempt,
  currentPasswordKey,
  DEVICE_LIMIT,
  deviceKey,
  forgetOldAttempts,
  refundAttempt,
  unknownDevicesKey,
} from './login-limiter';
import { assertStrongPassword } from './password-strength';
import { hashPassword, verifyPassword } from './passwords';

export const StaffEmail = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'must be an e-mail address' }));
export { StaffPassword };
export const StaffRoleSchema = z.enum(STAFF_ROLES, { error: `must be one of ${STAFF_ROLES.join(', ')}` });

export const NewStaffSchema = z
  .strictObject({
    email: StaffEmail,
    name: z.string().trim().min(1, { error: 'is required' }).max(120),
    role: StaffRoleSchema,
    /** none for a member who signs in through company sign-in only */
    password: StaffPassword.optional(),
    mustChangePassword: z.boolean().default(false),
    /** company sign-in only: no password is given, and a password sign-in is refused */
    ssoOnly: z.boolean().default(false),
  })
  .refine((s) => s.ssoOnly || s.password !== undefined, { error: 'is required', path: ['password'] })
  .refine((s) => !s.ssoOnly || s.password === undefined, {
    error: 'is not given to a member who signs in through company sign-in only',
    path: ['password'],
  });
export type NewStaff = z.input<typeof NewStaffSchema>;

/** The fields of an account that may leave the server (no hash, no lockout counters). */
export interface StaffSummary {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  disabled: boolean;
  /** signs in through company sign-in only */
  ssoOnly: boolean;
}
export const toSummary = (u: StaffUser): StaffSummary => ({
  id: u.id,
  email: u.email,
  name: u.name,
  role: u.role,
  disabled: u.disabled,
  ssoOnly: u.ssoOnly,
});

/** How long a one-time password (a new member's, an admin's reset) signs in before it expires. */
export const ONE_TIME_PASSWORD_HOURS = 72;

/** Until when a password issued now signs in: a one-time one for ONE_TIME_PASSWORD_HOURS, a chosen one for good (null). */
const oneTimeExpiry = (oneTime: boolean, now = new Date()): Date | null =>
  oneTime ? new Date(now.getTime() + ONE_TIME_PASSWORD_HOURS * 3_600_000) : null;

/** A new account's row: the password stored only as its hash. */
const staffRow = async (s: z.output<typeof NewStaffSchema>) => ({
  email: s.email,
  name: s.name,
  role: s.role,
  // Company sign-in only: the hash of a random password nobody is given (and checkLogin refuses the account anyway).
  passwordHash: await hashPassword(s.password ?? randomBytes(32).toString('base64url')),
  mustChangePassword: !s.ssoOnly && s.mustChangePassword,
  oneTimePasswordExpiresAt: oneTimeExpiry(!s.ssoOnly && s.mustChangePassword),
  ssoOnly: s.ssoOnly,
});

export async function createStaff(db: DashboardDb, input: NewStaff): Promise<StaffSummary> {
  const s = NewStaffSchema.parse(input);
  if (s.password !== undefined) assertStrongPassword(s.password, [s.email, s.name]);
  const [row] = await db
    .insert(staffUsers)
    .values(await staffRow(s))
    .returning();
  return toSummary(row!);
}

/**
 * Creates the account unless one with that e-mail exists. An existing account is left exactly as
 * it is (an admin may have disabled it or changed its password): never re-enabled, never reset.
 */
export async function ensureStaff(db: DashboardDb, input: NewStaff): Promise<boolean> {
  const s = NewStaffSchema.parse(input);
  if (await findStaffByEmail(db, s.email)) return false;
  const created = await db
    .insert(staffUsers)
    .values(await staffRow(s))
    .onConflictDoNothing({ target: staffUsers.email })
    .returning({ id: staffUsers.id });
  return created.length > 0;
}

export async function findStaffById(db: DashboardDb, id: string): Promise<StaffUser | undefined> {
  if (!z.guid().safeParse(id).success) return undefined;
  const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, id));
  return row;
}

export async function findStaffByEmail(db: DashboardDb, email: string): Promise<StaffUser | undefined> {
  const [row] = await db.select().from(staffUsers).where(eq(staffUsers.email, email.trim().toLowerCase()));
  return row;
}

export async function countActiveAdmins(db: DashboardDb): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, 'admin'), eq(staffUsers.disabled, false)));
  return row?.n ?? 0;
}

export type LoginResult =
  | {
      ok: true;
      user: StaffSummary;
      /** the device cookie's id, when it was presented and valid */ device: string | null;
    }
  | {
      ok: false;
      reason: 'invalid' | 'throttled' | 'disabled' | 'expired';
      /** for the activity log only: 'paused' when a limit of the account, not the password, refused */
      detail?: 'paused' | 'sso_only';
    };

export interface LoginOptions {
  /** the device tokens the browser's cookie holds (device-cookie.ts): one may be a known device of the account */
  deviceTokens?: readonly string[];
  now?: Date;
}

/**
 * Checks a password for a sign-in from `address`. Every limit is counted before the password is
 * checked (see login-limiter): the address's, the e-mail's from that address, and the e-mail's
 * from unknown devices (progressive delays, across addresses and processes) or, for a browser
 * with the account's device cookie, that device's own. The answer for an unknown e-mail, a wrong
 * password and an e-mail paused by a limit is the same `invalid`, after the same argon2 work, so
 * the answer says nothing about whether an account exists. `disabled`, and `expired` for a
 * one-time password past its ONE_TIME_PASSWORD_HOURS, are said only to whoever knows the password.
 */
export async function checkLogin(
  db: DashboardDb,
  email: string,
  password: string,
  address: string,
  { deviceTokens = [], now = new Date() }: LoginOptions = {},
): Promise<LoginResult> {
  if (!(await countAttempt(db, addressKey(address), ADDRESS_LIMIT, now)).allowed)
    return { ok: false, reason: 'throttled' };
  if (Math.random() < 0.01) await forgetOldAttempts(db, now);
  const parsedEmail = StaffEmail.safeParse(email);
  const wellFormed = parsedEmail.success && password.length > 0 && password.length <= 200;
  // The same work on every path: the look-ups, one argon2 verification. (An ended device names no row.)
  const found = await findStaffByEmail(db, parsedEmail.data ?? '');
  const device = wellFormed ? await knownDeviceOf(db, found?.id ?? NO_ACCOUNT, deviceTokens, now) : null;
  let allowed = false;
  if (wellFormed) {
    const fromAddress = await countAttempt(db, accountKey(parsedEmail.data, address), ACCOUNT_LIMIT, now);
    const accountWide = !fromAddress.allowed
      ? fromAddress
      : device
        ? await countAttempt(db, deviceKey(parsedEmail.data, device), DEVICE_LIMIT, now)
        : await countProgressiveAttempt(db, unknownDevicesKey(parsedEmail.data), now);
    allowed = accountWide.allowed;
  }
  const user = allowed ? found : undefined;
  const valid = await verifyPassword(user?.passwordHash ?? DUMMY_HASH, password.slice(0, 200));
  if (wellFormed && !allowed) return { ok: false, reason: 'invalid', detail: 'paused' };
  if (user?.ssoOnly) return { ok: false, reason: 'invalid', detail: 'sso_only' };
  if (!user || !valid) return { ok: false, reason: 'invalid' };
  if (user.disabled) return { ok: false, reason: 'disabled' };
  if (user.mustChangePassword && user.oneTimePasswordExpiresAt && user.oneTimePasswordExpiresAt <= now)
    return { ok: false, reason: 'expired' };
  await clearAttempts(db, accountKey(user.email, address));
  // A known device's success clears its own count only: the owner signing in does not give
  // guesses from elsewhere their free attempts back.
  await clearAttempts(db, device ? deviceKey(user.email, device) : unknownDevicesKey(user.email));
  await refundAttempt(db, addressKey(address));
  return { ok: true, user: toSummary(user), device };
}

/**
 * The current password of a signed-in member, checked under the per-address limit of a sign-in
 * and an account-wide one across addresses (currentPasswordKey, progressive), both counted before
 * the password is checked, so a stolen session cannot guess it either. `paused`: a limit held the
 * check back (the password was not looked at); the caller ends the session.
 */
export async function checkCurrentPassword(
  db: DashboardDb,
  staffId: string,
  password: string,
  address: string,
  now = new Date(),
): Promise<'right' | 'wrong' | 'paused'> {
  const user = await findStaffById(db, staffId);
  if (!user) return 'wrong';
  const fromAddress = await countAttempt(db, accountKey(user.email, address), ACCOUNT_LIMIT, now);
  const allowed =
    fromAddress.allowed && (await countProgressiveAttempt(db, currentPasswordKey(user.email), now)).allowed;
  const valid = await verifyPassword(allowed ? user.passwordHash : DUMMY_HASH, password.slice(0, 200));
  if (!allowed) return 'paused';
  if (!valid) return 'wrong';
  await clearAttempts(db, accountKey(user.email, address));
  await clearAttempts(db, currentPasswordKey(user.email));
  return 'right';
}

/** No account's id: an unknown e-mail's device look-up, made all the same. */
const NO_ACCOUNT = '00000000-0000-0000-0000-000000000000';
// argon2id hash of a random string, used to spend the same time on unknown e-mails.
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$3WzA/72jyVRyT6+zOyzLsg$1mDnay9MXDVnDoYHkBR+vXmCOGRaxtAOh6wsdMzelXM';

export async function listStaff(db: DashboardDb): Promise<StaffSummary[]> {
  return (await db.select().from(staffUsers).orderBy(staffUsers.name)).map(toSummary);
}

/**
 * A change that would leave the team without an active admin. `said` is its message for a member
 * (put in their language where the action answers); `message`, the same in English, is the CLI's.
 */
export class LastAdminError extends Error {
  readonly said: Said = said('team.errors.lastAdmin');
  constructor() {
    super('This is the last active admin: make another member admin first.');
    this.name = 'LastAdminError';
  }
}

type Transaction = Parameters<Parameters<DashboardDb['transaction']>[0]>[0];

/**
 * Locks, in id order, the rows of the member `member` selects and of every active admin, for a
 * change that must not leave the team without an active admin: two such changes at once wait for
 * each other instead of both passing the check.
 */
const lockWithActiveAdmins = (tx: Transaction, member: SQL) =>
  tx
    .select()
    .from(staffUsers)
    .where(or(member, and(eq(staffUsers.role, 'admin'), eq(staffUsers.disabled, false))))
    .orderBy(staffUsers.id)
    .for('update');

/**
 * Removes the account with this e-mail (its sessions go with it), unless it is the last active
 * admin (lockWithActiveAdmins). Returns what was removed, or undefined when no account has the e-mail.
 */
export async function removeStaff(db: DashboardDb, email: string): Promise<StaffSummary | undefined> {
  return db.transaction(async (tx) => {
    const locked = await lockWithActiveAdmins(tx, eq(staffUsers.email, email));
    const user = locked.find((u) => u.email === email);
    if (!user) return undefined;
    const activeAdmins = locked.filter((u) => u.role === 'admin' && !u.disabled);
    if (activeAdmins.length === 1 && activeAdmins[0]!.id === user.id) throw new LastAdminError();
    await tx.delete(staffUsers).where(eq(staffUsers.id, user.id));
    return toSummary(user);
  });
}

/**
 * Changes role and/or the disabled flag, ending the member's sessions when either changes (and,
 * when the account is disabled, its known devices).
 * Refuses to leave the team without an active admin (lockWithActiveAdmins), so two demotions of
 * two different admins at once cannot both pass.
 */
export async function updateStaffAccess(
  db: DashboardDb,
  id: string,
  change: { role?: StaffRole; disabled?: boolean },
): Promise<{ before: StaffSummary; after: StaffSummary } | undefined> {
  return db.transaction(async (tx) => {
    const locked = await lockWithActiveAdmins(tx, eq(staffUsers.id, id));
    const user = locked.find((u) => u.id === id);
    if (!user) return undefined;
    const changes =
      (change.role !== undefined && change.role !== user.role) ||
      (change.disabled !== undefined && change.disabled !== user.disabled);
    const [after] = await tx
      .update(staffUsers)
      .set({
        ...change,
        ...(changes ? { sessionVersion: sql`${staffUsers.sessionVersion} + 1` } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(staffUsers.id, id))
      .returning();
    if (change.disabled === true && !user.disabled) await endKnownDevices(tx, id);
    const [admins] = await tx
      .select({ n: count() })
      .from(staffUsers)
      .where(and(eq(staffUsers.role, 'admin'), eq(staffUsers.disabled, false)));
    if ((admins?.n ?? 0) === 0) throw new LastAdminError();
    return { before: toSummary(user), after: toSummary(after!) };
  });
}

/**
 * Sets a new password and ends every session and known device of the account (a reset by an
 * admin, or a change made elsewhere). `keepSessionId`, the session that made the change itself,
 * stays signed in.
 */
export async function setStaffPassword(
  db: DashboardDb,
  id: string,
  password: string,
  mustChangePassword: boolean,
  keepSessionId?: string,
): Promise<void> {
  const [account] = await db
    .select({ email: staffUsers.email, name: staffUsers.name })
    .from(staffUsers)
    .where(eq(staffUsers.id, id));
  assertStrongPassword(StaffPassword.parse(password), account ? [account.email, account.name] : []);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [user] = await tx
      .update(staffUsers)
      .set({
        passwordHash,
        mustChangePassword,
        oneTimePasswordExpiresAt: oneTimeExpiry(mustChangePassword),
        sessionVersion: sql`${staffUsers.sessionVersion} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(staffUsers.id, id))
      .returning({ email: staffUsers.email, sessionVersion: staffUsers.sessionVersion });
    if (user && keepSessionId) {
      await tx
        .update(staffSessions)
        .set({ sessionVersion: user.sessionVersion })
        .where(and(eq(staffSessions.id, keepSessionId), eq(staffSessions.staffId, id)));
    }
    if (user) {
      // The account's known devices end too: the next sign-in anywhere counts as a new device's.
      await endKnownDevices(tx, id);
      // The account's failures from every address and device: the keys that start with exactly its
      // prefixes (not a LIKE pattern, in which the '_' of an e-mail would match any character).
      const prefixes = [accountKey(user.email, ''), deviceKey(user.email, '')];
      await tx
        .delete(loginThrottle)
        .where(
          or(
            eq(loginThrottle.key, unknownDevicesKey(user.email)),
            ...prefixes.map((prefix) => sql`left(${loginThrottle.key}, ${prefix.length}) = ${prefix}`),
          ),
        );
    }
  });
}
