/**
 * One-time enrolment codes. An admin who adds a member or resets their two-step sign-in (on the
 * Team page or with `npm run staff`) is shown a random code once, to hand over apart from the
 * password; while the account carries it, the member's first second factor is set up only with it,
 * so whoever signs in first with a one-time password cannot enrol an authenticator of their own.
 * It expires with the one-time password (ONE_TIME_PASSWORD_HOURS) and is used up by the enrolment;
 * each code tried is counted in the account's run of wrong codes (second-factor-guard.ts) before
 * it is checked. Stored as an argon2id hash. Framework-free, as the staff store.
 */
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { z } from 'zod';

import type { DashboardDb } from '../db/open';
import { staffUsers } from '../db/schema';
import { staffEnrolmentCodes } from '../db/schema-sign-in';
import { codeAccepted, countSecondFactorCode } from './second-factor-guard';
import { ONE_TIME_PASSWORD_HOURS } from './staff-store';

/** 32 letters and digits that cannot be mistaken for one another (no I, O, 0 or 1): 5 bits each. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const LENGTH = 12;
/** 60 random bits against at most 100 counted tries: argon2id at the recovery codes' light cost. */
const HASH = { memoryCost: 4096, timeCost: 2, parallelism: 1 } as const;

/** A code as typed: any case, with or without its dashes and spaces. */
export const EnrolmentCodeInput = z
  .string()
  .trim()
  .toUpperCase()
  .transform((c) => c.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(new RegExp(`^[${ALPHABET}]{${LENGTH}}$`)));

/** Shown as "ABCD-EFGH-JKMN". */
const formatted = (code: string) => code.match(/.{4}/g)!.join('-');

/**
 * A new enrolment code for the member, replacing any other, valid ONE_TIME_PASSWORD_HOURS; the
 * account's run of wrong codes ends (an admin's act, as a reset). Returned once, in clear.
 */
export async function issueEnrolmentCode(db: DashboardDb, staffId: string, now = new Date()): Promise<string> {
  // 256 is a multiple of 32: each byte gives one letter, uniformly.
  const code = [...randomBytes(LENGTH)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
  const row = {
    codeHash: await hash(code, HASH),
    expiresAt: new Date(now.getTime() + ONE_TIME_PASSWORD_HOURS * 3_600_000),
    createdAt: now,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(staffEnrolmentCodes)
      .values({ staffId, ...row })
      .onConflictDoUpdate({ target: staffEnrolmentCodes.staffId, set: row });
    await tx
      .update(staffUsers)
      .set({ secondFactorFailures: 0, secondFactorLockedUntil: null })
      .where(eq(staffUsers.id, staffId));
  });
  return formatted(code);
}

/** Whether the member's enrolment asks for a code: none, one still valid, or one past its time. */
export async function enrolmentCodeState(
  db: DashboardDb,
  staffId: string,
  now = new Date(),
): Promise<'none' | 'valid' | 'expired'> {
  const [row] = await db
    .select({ expiresAt: staffEnrolmentCodes.expiresAt })
    .from(staffEnrolmentCodes)
    .where(eq(staffEnrolmentCodes.staffId, staffId));
  if (!row) return 'none';
  return row.expiresAt > now ? 'valid' : 'expired';
}

/**
 * Checks a code the member typed: counted first in the account's run of wrong codes (`paused`
 * while the run holds the account: not looked at), then compared with the hash. `none`: the
 * account carries no code; `expired`: an admin must issue another.
 */
export async function checkEnrolmentCode(
  db: DashboardDb,
  staffId: string,
  typed: string,
  now = new Date(),
): Promise<'none' | 'right' | 'wrong' | 'paused' | 'expired'> {
  const [row] = await db.select().from(staffEnrolmentCodes).where(eq(staffEnrolmentCodes.staffId, staffId));
  if (!row) return 'none';
  if (row.expiresAt <= now) return 'expired';
  const turn = await countSecondFactorCode(db, staffId, now);
  if (!turn.counted) return 'paused';
  const code = EnrolmentCodeInput.safeParse(typed);
  if (!code.success || !row.codeHash || !(await verify(row.codeHash, code.data).catch(() => false))) return 'wrong';
  await codeAccepted(db, staffId, { signIn: false });
  return 'right';
}
