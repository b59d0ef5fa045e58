/**
 * Staff's second factor: a TOTP authenticator (totp.ts) with 10 single-use recovery codes, and
 * the admins' policy of who must have one. The TOTP secret is stored encrypted (AES-256-GCM, a
 * key derived from AUTH_SECRET, named by its key id, so that AUTH_SECRET can be rotated: the
 * previous secret still reads what it encrypted, and `rekeySecondFactors` moves it to the
 * current one); the recovery codes are argon2id hashes, which depend on no key. A code is
 * accepted once: the step of the last one accepted is kept, and a recovery code is marked used in
 * the transaction that checks it. Framework-free, as the staff store.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { renderSVG } from 'uqr';
import { z } from 'zod';

import type { StaffRole } from '@/lib/auth/roles';

import type { DashboardDb } from '../db/open';
import { dashboardSettings, staffRecoveryCodes, staffUsers } from '../db/schema';
import { staffEnrolmentCodes } from '../db/schema-sign-in';
import { endKnownDevices } from './known-devices';
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

/**
 * The keys second factors are encrypted with: AUTH_SECRET's (`current`), and while it is rotated
 * the one it replaced (`previous`), which only decrypts. A bare string is the current key alone.
 */
export type SecretKeys = string | { current: string; previous?: string | undefined };

/** The configuration's keys: AUTH_SECRET, and AUTH_SECRET_PREVIOUS while it is rotated. */
export const secretKeysOf = (config: { authSecret: string; previousAuthSecret?: string | undefined }) => ({
  current: config.authSecret,
  previous: config.previousAuthSecret,
});

const keysOf = (keys: SecretKeys) =>
  (typeof keys === 'string' ? [keys] : [keys.current, ...(keys.previous ? [keys.previous] : [])]).map((secret) => ({
    id: keyId(secret),
    key: Buffer.from(hkdfSync('sha256', secret, 'guestbook-dashboard', 'totp secret', 32)),
  }));

/** A short name of the key a secret was encrypted with (8 hex digits; it reveals nothing of the key). */
const keyId = (authSecret: string) =>
  Buffer.from(hkdfSync('sha256', authSecret, 'guestbook-dashboard', 'totp key id', 4)).toString('hex');

/** `<key id>.<iv, tag and ciphertext in base64url>`, with the current key. */
export function encryptSecret(secret: string, keys: SecretKeys): string {
  const [current] = keysOf(keys);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', current!.key, iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${current!.id}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** A stored secret none of the keys opens: encrypted under an AUTH_SECRET the dashboard no longer has. */
export class UnknownSecretKeyError extends Error {
  constructor() {
    super('The second factor was encrypted with a key this dashboard does not have (AUTH_SECRET changed).');
    this.name = 'UnknownSecretKeyError';
  }
}

/**
 * The secret in clear, and whether it was encrypted with the current key (else the caller
 * encrypts it anew). Secrets stored before key ids (no `<id>.`) are tried with every key.
 */
export function openSecret(stored: string, keys: SecretKeys): { secret: string; current: boolean } {
  const ring = keysOf(keys);
  const dot = stored.indexOf('.');
  const [id, payload] = dot === -1 ? [null, stored] : [stored.slice(0, dot), stored.slice(dot + 1)];
  for (const [i, { id: kid, key }] of ring.entries()) {
    if (id !== null && id !== kid) continue;
    try {
      const raw = Buffer.from(payload, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      const secret = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      return { secret, current: i === 0 && id !== null };
    } catch {
      // not this key
    }
  }
  throw new UnknownSecretKeyError();
}

export const decryptSecret = (stored: string, keys: SecretKeys): string => openSecret(stored, keys).secret;

function openSecretOrNull(stored: string, keys: SecretKeys): { secret: string; current: boolean } | null {
  try {
    return openSecret(stored, keys);
  } catch (e) {
    if (e instanceof UnknownSecretKeyError) return null;
    throw e;
  }
}

/**
 * Recovery codes are argon2id hashes (each code carries 50 random bits, so a light cost is enough:
 * 4 MiB, 2 passes), which no AUTH_SECRET rotation touches. Codes stored before as SHA-256 hex are
 * still accepted, once.
 */
const RECOVERY_HASH = { memoryCost: 4096, timeCost: 2, parallelism: 1 } as const;
const hashCode = (code: string) => hash(code, RECOVERY_HASH);

async function codeMatches(stored: string, code: string): Promise<boolean> {
  if (!stored.startsWith('$argon2')) {
    const legacy = createHash('sha256').update(`recovery:${code}`).digest();
    return stored.length === 64 && timingSafeEqual(Buffer.from(stored, 'hex'), legacy);
  }
  return verify(stored, code).catch(() => false);
}

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
 * has just proved the password and a current code (the action checks them); a member whose
 * account carries an enrolment code sets up their first one only with the session that has just
 * given that code (enrolment-code.ts). Only that session may confirm it, within REPLACEMENT_MINUTES.
 */
export async function beginEnrolment(
  db: DashboardDb,
  staff: { id: string; email: string },
  keys: SecretKeys,
  replacing: { sessionId: string; now?: Date } | null = null,
): Promise<Enrolment> {
  const secret = newTotpSecret();
  await db
    .update(staffUsers)
    .set({
      totpPendingSecret: encryptSecret(secret, keys),
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
 * ends its other sessions). An account that carries an enrolment code is bound the same way to
 * the session that gave it, and the code is used up.
 */
export async function confirmEnrolment(
  db: DashboardDb,
  staffId: string,
  code: string,
  keys: SecretKeys,
  sessionId: string,
  now = new Date(),
): Promise<string[] | null> {
  const [user] = await db.select().from(staffUsers).where(eq(staffUsers.id, staffId));
  if (!user?.totpPendingSecret) return null;
  const replacing = user.totpSecret !== null;
  const [enrolmentCode] = await db
    .select({ staffId: staffEnrolmentCodes.staffId })
    .from(staffEnrolmentCodes)
    .where(eq(staffEnrolmentCodes.staffId, staffId));
  // Bound to the session that proved the password and a current code, or gave the enrolment code.
  if (
    (replacing || enrolmentCode) &&
    (user.totpPendingSession !== sessionId ||
      !user.totpPendingAt ||
      now.getTime() - user.totpPendingAt.getTime() > REPLACEMENT_MINUTES * 60_000)
  )
    return null;
  const secret = decryptSecret(user.totpPendingSecret, keys);
  const step = matchingStep(secret, code, now);
  if (step === null) return null;
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = await Promise.all(codes.map(hashCode));
  await db.transaction(async (tx) => {
    await tx
      .update(staffUsers)
      .set({
        totpSecret: encryptSecret(secret, keys),
        totpPendingSecret: null,
        totpPendingSession: null,
        totpPendingAt: null,
        totpLastStep: step,
      })
      .where(eq(staffUsers.id, staffId));
    if (replacing) await endKnownDevices(tx, staffId);
    await tx.delete(staffEnrolmentCodes).where(eq(staffEnrolmentCodes.staffId, staffId));
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
    await tx.insert(staffRecoveryCodes).values(hashes.map((codeHash) => ({ staffId, codeHash })));
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
  keys: SecretKeys,
  now = new Date(),
): Promise<'authenticator' | 'recovery code' | null> {
  const parsed = SecondFactorCode.safeParse(typed);
  if (!parsed.success) return null;
  const code = parsed.data;
  if (code.length !== 6) return (await spendRecoveryCode(db, staffId, code, now)) ? 'recovery code' : null;
  const [user] = await db.select().from(staffUsers).where(eq(staffUsers.id, staffId));
  if (!user?.totpSecret) return null;
  // Encrypted with an AUTH_SECRET this dashboard no longer has: no authenticator code can match
  // (a recovery code still can; an admin's reset gives the member a new factor).
  const opened = openSecretOrNull(user.totpSecret, keys);
  if (!opened) return null;
  const step = matchingStep(opened.secret, code, now);
  if (step === null) return null;
  // Encrypted with the AUTH_SECRET being rotated out: kept under the current one from now on.
  if (!opened.current)
    await db
      .update(staffUsers)
      .set({ totpSecret: encryptSecret(opened.secret, keys) })
      .where(and(eq(staffUsers.id, staffId), eq(staffUsers.totpSecret, user.totpSecret)));
  // Accepted once: only a step later than the last one accepted.
  const taken = await db
    .update(staffUsers)
    .set({ totpLastStep: step })
    .where(and(eq(staffUsers.id, staffId), or(isNull(staffUsers.totpLastStep), lt(staffUsers.totpLastStep, step))))
    .returning({ id: staffUsers.id });
  return taken.length ? 'authenticator' : null;
}

/** Uses up the member's unused recovery code that `code` is, in one transaction (one use even when sent twice at once). */
async function spendRecoveryCode(db: DashboardDb, staffId: string, code: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const unused = await tx
      .select({ codeHash: staffRecoveryCodes.codeHash })
      .from(staffRecoveryCodes)
      .where(and(eq(staffRecoveryCodes.staffId, staffId), isNull(staffRecoveryCodes.usedAt)))
      .for('update');
    for (const { codeHash } of unused) {
      if (!(await codeMatches(codeHash, code))) continue;
      await tx
        .update(staffRecoveryCodes)
        .set({ usedAt: now })
        .where(and(eq(staffRecoveryCodes.staffId, staffId), eq(staffRecoveryCodes.codeHash, codeHash)));
      return true;
    }
    return false;
  });
}

/**
 * After AUTH_SECRET was rotated (the old one given as AUTH_SECRET_PREVIOUS): every second factor
 * and pending enrolment encrypted with the old key is encrypted with the current one. Returns how
 * many were moved, and the e-mails of the members whose factor neither key opens (an admin
 * resets theirs).
 */
export async function rekeySecondFactors(
  db: DashboardDb,
  keys: SecretKeys,
): Promise<{ moved: number; unreadable: string[] }> {
  const users = await db
    .select({
      id: staffUsers.id,
      email: staffUsers.email,
      totpSecret: staffUsers.totpSecret,
      totpPendingSecret: staffUsers.totpPendingSecret,
    })
    .from(staffUsers)
    .where(or(isNotNull(staffUsers.totpSecret), isNotNull(staffUsers.totpPendingSecret)));
  let moved = 0;
  const unreadable: string[] = [];
  for (const user of users) {
    const anew = (stored: string | null) => {
      if (stored === null) return stored;
      const opened = openSecret(stored, keys);
      return opened.current ? stored : encryptSecret(opened.secret, keys);
    };
    try {
      const totpSecret = anew(user.totpSecret);
      const totpPendingSecret = anew(user.totpPendingSecret);
      if (totpSecret === user.totpSecret && totpPendingSecret === user.totpPendingSecret) continue;
      await db.update(staffUsers).set({ totpSecret, totpPendingSecret }).where(eq(staffUsers.id, user.id));
      moved++;
    } catch (e) {
      if (!(e instanceof UnknownSecretKeyError)) throw e;
      unreadable.push(user.email);
    }
  }
  return { moved, unreadable };
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

/** The policy a stored setting holds ('none' when unset or unreadable). */
export const policyOf = (value: unknown): SecondFactorPolicy => {
  const parsed = SecondFactorPolicySchema.safeParse(value);
  return parsed.success ? parsed.data : 'none';
};

export async function secondFactorPolicy(db: DashboardDb): Promise<SecondFactorPolicy> {
  const [row] = await db.select().from(dashboardSettings).where(eq(dashboardSettings.key, POLICY_KEY));
  return policyOf(row?.value);
}

/** The stored policy as a column of another query (a scalar subquery, null when unset): read it with policyOf. */
export const secondFactorPolicyColumn = () =>
  sql<unknown>`(select ${dashboardSettings.value} from ${dashboardSettings} where ${dashboardSettings.key} = ${POLICY_KEY})`;

export async function setSecondFactorPolicy(db: DashboardDb, policy: SecondFactorPolicy): Promise<void> {
  await db
    .insert(dashboardSettings)
    .values({ key: POLICY_KEY, value: policy })
    .onConflictDoUpdate({ target: dashboardSettings.key, set: { value: policy, updatedAt: new Date() } });
}

/** Whether the policy asks a member of `role` for a second factor. */
export const secondFactorRequired = (policy: SecondFactorPolicy, role: StaffRole) =>
  policy === 'everyone' || (policy === 'admins' && role === 'admin');
