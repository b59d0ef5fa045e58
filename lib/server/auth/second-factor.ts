/**
 * Staff's second factor: a TOTP authenticator (totp.ts) with 10 single-use recovery codes, and
 * the admins' policy of who must have one. The TOTP secret is stored encrypted (AES-256-GCM, a
 * key derived from AUTH_SECRET), the recovery codes as SHA-256 hashes (each carries 50 random
 * bits, so a fast hash is enough), and a code is accepted once: the step of the last one
 * accepted is kept, and a recovery code is marked used in the same statement that checks it.
 * Framework-free, as the staff store.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { renderSVG } from 'uqr';
import { z } from 'zod';

import type { StaffRole } from '@/lib/auth/roles';

import type { DashboardDb } from '../db/open';
import { dashboardSettings, staffRecoveryCodes, staffUsers } from '../db/schema';
import { base32Encode, matchingStep, newTotpSecret, totpUri } from './totp';

export const RECOVERY_CODE_COUNT = 10;

export const SECOND_FACTOR_POLICIES = ['none', 'admins', 'everyone'] as const;
export type SecondFactorPolicy = (typeof SECOND_FACTOR_POLICIES)[number];
export const SecondFactorPolicySchema = z.enum(SECOND_FACTOR_POLICIES, {
  error: `must be one of ${SECOND_FACTOR_POLICIES.join(', ')}`,
});
const POLICY_KEY = 'second_factor_policy';

/** A code as typed: an authenticator's 6 digits, or a recovery code (10 letters and digits, a dash optional). */
export const SecondFactorCode = z
  .string()
  .trim()
  .toLowerCase()
  .transform((c) => c.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^(\d{6}|[a-z2-7]{10})$/, { error: 'must be the 6 digits of your app or a recovery code' }));

function key(authSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', authSecret, 'guestbook-dashboard', 'totp secret', 32));
}

export function encryptSecret(secret: string, authSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(authSecret), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

export function decryptSecret(stored: string, authSecret: string): string {
  const raw = Buffer.from(stored, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key(authSecret), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

const hashCode = (code: string) => createHash('sha256').update(`recovery:${code}`).digest('hex');

/** Shown as "abcde-fghij"; accepted with or without the dash, in any case. */
const newRecoveryCode = () => base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
export const formatRecoveryCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

export interface Enrolment {
  /** the secret in base32, for typing into an app that cannot scan */
  secret: string;
  /** the QR code of the otpauth URI, as SVG markup made on the server */
  qrSvg: string;
}

/** How long a replacement proved by the password and a current code may be confirmed. */
export const REPLACEMENT_MINUTES = 10;

/**
 * Starts (or starts again) an enrolment: a new secret, kept pending until its first code is
 * checked. A member who has a second factor replaces it only with `replacing`: the session that
 * has just proved the password and a current code (the action checks them); only that session may
 * confirm it, within REPLACEMENT_MINUTES.
 */
export async function beginEnrolment(
  db: DashboardDb,
  staff: { id: string; email: string },
  authSecret: string,
  replacing: { sessionId: string; now?: Date } | null = null,
): Promise<Enrolment> {
  const secret = newTotpSecret();
  await db
    .update(staffUsers)
    .set({
      totpPendingSecret: encryptSecret(secret, authSecret),
      totpPendingSession: replacing?.sessionId ?? null,
      totpPendingAt: replacing ? (replacing.now ?? new Date()) : null,
    })
    .where(eq(staffUsers.id, staff.id));
  return { secret, qrSvg: renderSVG(totpUri(secret, staff.email), { border: 2 }) };
}

/**
 * Checks the first code of the pending secret. When it matches, the secret becomes the
 * member's second factor, with 10 new recovery codes, returned once in clear; null when the code
 * does not match or nothing is pending. A member who has a second factor replaces it only from the
 * session that proved the password and a current code for this pending secret (beginEnrolment),
 * within REPLACEMENT_MINUTES; the replacement also ends the account's device cookies (the caller
 * ends its other sessions).
 */
export async function confirmEnrolment(
  db: DashboardDb,
  staffId: string,
  code: string,
  authSecret: string,
  sessionId: string,
  now = new Date(),
): Promise<string[] | null> {
  const [user] = await db.select().from(staffUsers).where(eq(staffUsers.id, staffId));
  if (!user?.totpPendingSecret) return null;
  const replacing = user.totpSecret !== null;
  if (
    replacing &&
    (user.totpPendingSession !== sessionId ||
      !user.totpPendingAt ||
      now.getTime() - user.totpPendingAt.getTime() > REPLACEMENT_MINUTES * 60_000)
  )
    return null;
  const secret = decryptSecret(user.totpPendingSecret, authSecret);
  const step = matchingStep(secret, code, now);
  if (step === null) return null;
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction(async (tx) => {
    await tx
      .update(staffUsers)
      .set({
        totpSecret: user.totpPendingSecret,
        totpPendingSecret: null,
        totpPendingSession: null,
        totpPendingAt: null,
        totpLastStep: step,
        ...(replacing && { devicesValidFrom: now }),
      })
      .where(eq(staffUsers.id, staffId));
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
    await tx.insert(staffRecoveryCodes).values(codes.map((c) => ({ staffId, codeHash: hashCode(c) })));
  });
  return codes.map(formatRecoveryCode);
}

/**
 * Checks a code at sign-in: an authenticator code not used before, or an unused recovery code
 * (used up by this check). Which it was, or null.
 */
export async function spendSecondFactor(
  db: DashboardDb,
  staffId: string,
  typed: string,
  authSecret: string,
  now = new Date(),
): Promise<'authenticator' | 'recovery code' | null> {
  const parsed = SecondFactorCode.safeParse(typed);
  if (!parsed.success) return null;
  const code = parsed.data;
  if (code.length !== 6) {
    const used = await db
      .update(staffRecoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(staffRecoveryCodes.staffId, staffId),
          eq(staffRecoveryCodes.codeHash, hashCode(code)),
          isNull(staffRecoveryCodes.usedAt),
        ),
      )
      .returning();
    return used.length ? 'recovery code' : null;
  }
  const [user] = await db.select().from(staffUsers).where(eq(staffUsers.id, staffId));
  if (!user?.totpSecret) return null;
  const step = matchingStep(decryptSecret(user.totpSecret, authSecret), code, now);
  if (step === null) return null;
  // Accepted once: only a step later than the last one accepted.
  const taken = await db
    .update(staffUsers)
    .set({ totpLastStep: step })
    .where(and(eq(staffUsers.id, staffId), or(isNull(staffUsers.totpLastStep), lt(staffUsers.totpLastStep, step))))
    .returning({ id: staffUsers.id });
  return taken.length ? 'authenticator' : null;
}

/** The recovery codes a member has left. */
export async function recoveryCodesLeft(db: DashboardDb, staffId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::integer` })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.staffId, staffId), isNull(staffRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** The ids of the members who have a second factor. */
export async function membersWithSecondFactor(db: DashboardDb): Promise<Set<string>> {
  const rows = await db.select({ id: staffUsers.id }).from(staffUsers).where(isNotNull(staffUsers.totpSecret));
  return new Set(rows.map((r) => r.id));
}

/** Removes a member's second factor and recovery codes (an admin's reset, or the member turning it off). */
export async function removeSecondFactor(db: DashboardDb, staffId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(staffUsers)
      .set({
        totpSecret: null,
        totpPendingSecret: null,
        totpPendingSession: null,
        totpPendingAt: null,
        totpLastStep: null,
        // an admin's reset ends a run of wrong codes, and the hold after 100 of them
        secondFactorFailures: 0,
        secondFactorLockedUntil: null,
      })
      .where(eq(staffUsers.id, staffId));
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
  });
}

export async function secondFactorPolicy(db: DashboardDb): Promise<SecondFactorPolicy> {
  const [row] = await db.select().from(dashboardSettings).where(eq(dashboardSettings.key, POLICY_KEY));
  const parsed = SecondFactorPolicySchema.safeParse(row?.value);
  return parsed.success ? parsed.data : 'none';
}

export async function setSecondFactorPolicy(db: DashboardDb, policy: SecondFactorPolicy): Promise<void> {
  await db
    .insert(dashboardSettings)
    .values({ key: POLICY_KEY, value: policy })
    .onConflictDoUpdate({ target: dashboardSettings.key, set: { value: policy, updatedAt: new Date() } });
}

/** Whether the policy asks a member of `role` for a second factor. */
export const secondFactorRequired = (policy: SecondFactorPolicy, role: StaffRole) =>
  policy === 'everyone' || (policy === 'admins' && role === 'admin');
