/**
 * Staff accounts: creation, lookup and the password check with lockout. Framework-free so
 * that the `npm run staff` command and the tests use exactly what the dashboard uses.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DashboardDb } from './db/open';
import { STAFF_ROLES, staffUsers, type StaffRole, type StaffUser } from './db/schema';
import { hashPassword, MIN_PASSWORD_LENGTH, verifyPassword } from './passwords';

export const StaffEmail = z.string().trim().toLowerCase().pipe(z.email({ error: 'must be an e-mail address' }));
export const StaffPassword = z
  .string()
  .min(MIN_PASSWORD_LENGTH, { error: `must be at least ${MIN_PASSWORD_LENGTH} characters` })
  .max(200, { error: 'must be at most 200 characters' });
export const StaffRoleSchema = z.enum(STAFF_ROLES, { error: `must be one of ${STAFF_ROLES.join(', ')}` });

export const NewStaff = z.strictObject({
  email: StaffEmail,
  name: z.string().trim().min(1, { error: 'is required' }).max(120),
  role: StaffRoleSchema,
  password: StaffPassword,
  mustChangePassword: z.boolean().default(false),
});
export type NewStaff = z.input<typeof NewStaff>;

/** The fields of an account that may leave the server (no hash, no lockout counters). */
export interface StaffSummary {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  disabled: boolean;
}
export const toSummary = (u: StaffUser): StaffSummary => ({
  id: u.id,
  email: u.email,
  name: u.name,
  role: u.role,
  disabled: u.disabled,
});

export async function createStaff(db: DashboardDb, input: NewStaff): Promise<StaffSummary> {
  const s = NewStaff.parse(input);
  const [row] = await db
    .insert(staffUsers)
    .values({
      email: s.email,
      name: s.name,
      role: s.role,
      passwordHash: await hashPassword(s.password),
      mustChangePassword: s.mustChangePassword,
    })
    .returning();
  return toSummary(row!);
}

/** Creates the account, or resets its password, role and name when the e-mail already exists. */
export async function upsertStaff(db: DashboardDb, input: NewStaff): Promise<StaffSummary> {
  const s = NewStaff.parse(input);
  const passwordHash = await hashPassword(s.password);
  const [row] = await db
    .insert(staffUsers)
    .values({ email: s.email, name: s.name, role: s.role, passwordHash, mustChangePassword: s.mustChangePassword })
    .onConflictDoUpdate({
      target: staffUsers.email,
      set: { name: s.name, role: s.role, passwordHash, disabled: false, failedLogins: 0, lockedUntil: null, updatedAt: sql`now()` },
    })
    .returning();
  return toSummary(row!);
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

export interface SsoProfile {
  email?: string;
  email_verified?: boolean;
}

/** The enabled staff account an SSO profile signs in as: matched by e-mail, which the provider must not mark unverified. */
export async function staffForSso(db: DashboardDb, profile: SsoProfile | undefined): Promise<StaffUser | undefined> {
  if (!profile?.email || profile.email_verified === false) return undefined;
  const staff = await findStaffByEmail(db, profile.email);
  return staff && !staff.disabled ? staff : undefined;
}

export async function countActiveAdmins(db: DashboardDb): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, 'admin'), eq(staffUsers.disabled, false)));
  return row?.n ?? 0;
}

export const LOCKOUT = { maxFailures: 5, lockMinutes: 15 } as const;

export type LoginResult =
  | { ok: true; user: StaffSummary }
  | { ok: false; reason: 'invalid' | 'locked' | 'disabled' };

/**
 * Checks a password. After LOCKOUT.maxFailures consecutive failures the account is locked for
 * LOCKOUT.lockMinutes, whatever password is given. The answer for an unknown e-mail and a
 * wrong password is the same, so accounts cannot be probed.
 */
export async function checkLogin(db: DashboardDb, email: string, password: string, now = new Date()): Promise<LoginResult> {
  const parsedEmail = StaffEmail.safeParse(email);
  if (!parsedEmail.success || password.length === 0 || password.length > 200) return { ok: false, reason: 'invalid' };
  const [user] = await db.select().from(staffUsers).where(eq(staffUsers.email, parsedEmail.data));
  if (!user) {
    await verifyPassword(DUMMY_HASH, password); // same work as a real check
    return { ok: false, reason: 'invalid' };
  }
  if (user.lockedUntil && user.lockedUntil > now) return { ok: false, reason: 'locked' };
  const valid = await verifyPassword(user.passwordHash, password);
  if (!valid) {
    const failures = user.failedLogins + 1;
    const lock = failures >= LOCKOUT.maxFailures;
    await db
      .update(staffUsers)
      .set({
        failedLogins: lock ? 0 : failures,
        lockedUntil: lock ? new Date(now.getTime() + LOCKOUT.lockMinutes * 60_000) : user.lockedUntil,
      })
      .where(eq(staffUsers.id, user.id));
    return { ok: false, reason: lock ? 'locked' : 'invalid' };
  }
  if (user.disabled) return { ok: false, reason: 'disabled' };
  if (user.failedLogins > 0 || user.lockedUntil) {
    await db.update(staffUsers).set({ failedLogins: 0, lockedUntil: null }).where(eq(staffUsers.id, user.id));
  }
  return { ok: true, user: toSummary(user) };
}

// argon2id hash of a random string, used to spend the same time on unknown e-mails.
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$3WzA/72jyVRyT6+zOyzLsg$1mDnay9MXDVnDoYHkBR+vXmCOGRaxtAOh6wsdMzelXM';

export async function listStaff(db: DashboardDb): Promise<StaffSummary[]> {
  return (await db.select().from(staffUsers).orderBy(staffUsers.name)).map(toSummary);
}

export class LastAdminError extends Error {
  constructor() {
    super('This is the last active admin: make another member admin first.');
    this.name = 'LastAdminError';
  }
}

/**
 * Changes role and/or the disabled flag. Refuses to leave the team without an active admin;
 * the check and the write happen in one transaction.
 */
export async function updateStaffAccess(
  db: DashboardDb,
  id: string,
  change: { role?: StaffRole; disabled?: boolean },
): Promise<{ before: StaffSummary; after: StaffSummary } | undefined> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(staffUsers).where(eq(staffUsers.id, id)).for('update');
    if (!user) return undefined;
    const [after] = await tx
      .update(staffUsers)
      .set({ ...change, updatedAt: sql`now()` })
      .where(eq(staffUsers.id, id))
      .returning();
    const [admins] = await tx
      .select({ n: count() })
      .from(staffUsers)
      .where(and(eq(staffUsers.role, 'admin'), eq(staffUsers.disabled, false)));
    if ((admins?.n ?? 0) === 0) throw new LastAdminError();
    return { before: toSummary(user), after: toSummary(after!) };
  });
}

export async function setStaffPassword(db: DashboardDb, id: string, password: string, mustChangePassword: boolean): Promise<void> {
  const passwordHash = await hashPassword(StaffPassword.parse(password));
  await db
    .update(staffUsers)
    .set({ passwordHash, mustChangePassword, failedLogins: 0, lockedUntil: null, updatedAt: sql`now()` })
    .where(eq(staffUsers.id, id));
}
