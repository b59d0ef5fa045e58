'use server';

import { z } from 'zod';

import { ChangePasswordInput } from '@/lib/auth/password-policy';
import { Uuid } from '@/lib/guestbook/schemas';
import { said, validationMessage } from '@/lib/i18n/said';
import {
  beginEnrolment,
  checkCurrentPassword,
  checkCurrentSecondFactor,
  checkEnrolmentCode,
  confirmEnrolment,
  endAllSessions,
  endOtherSessions,
  endOwnSession,
  endSession,
  enrolmentCodeState,
  removeSecondFactor,
  requestClientAddress,
  SecondFactorCode,
  secondFactorPolicy,
  secondFactorRequired,
  secretKeysOf,
  setStaffPassword,
  type StaffSession,
} from '@/lib/server/auth';
import { ACCOUNT_LIMIT } from '@/lib/server/auth/login-limiter';
import { getConfig } from '@/lib/server/config';
import { getDb } from '@/lib/server/db';
import type { DashboardDb } from '@/lib/server/db/open';
import { ActionError, staffAction } from '@/lib/server/http';

/**
 * A new password for oneself, after the current one (or the one-time password an admin issued).
 * Every other session of the account ends; this one stays signed in. A member with a one-time
 * password whom the team's policy asks for a second factor changes the password first, then enrols
 * (the enrolment is refused until then): one order, for a new member, one the staff command line
 * added and one an admin reset alike.
 */
export const changeOwnPasswordAction = staffAction(
  {
    name: 'change-own-password',
    role: 'viewer',
    input: ChangePasswordInput,
    mutates: true,
    allowedBeforePasswordChange: true,
    allowedBeforeSecondFactor: true,
  },
  async ({ current, password }, { staff, setAuditTarget }) => {
    setAuditTarget({ resourceType: 'staff', resourceId: staff.id });
    const db = await getDb();
    await requireCurrentPassword(
      db,
      staff,
      current,
      () =>
        new ActionError(
          said('account.errors.wrongPasswordLimited', {
            tries: ACCOUNT_LIMIT.max,
            minutes: ACCOUNT_LIMIT.windowMinutes,
          }),
          { current: [said('account.errors.fields.notRight')] },
        ),
    );
    await setStaffPassword(db, staff.id, password, false, staff.sessionId);
    return null;
  },
);

/** Ends every session of one's own account, on every device, this one included. */
export const signOutEverywhereAction = staffAction(
  {
    name: 'sign-out-everywhere',
    role: 'viewer',
    input: z.strictObject({ scope: z.literal('everywhere', { error: 'must be "everywhere"' }) }),
    mutates: true,
    allowedBeforePasswordChange: true,
  },
  async (_input, { staff, setAuditTarget }) => {
    setAuditTarget({ resourceType: 'staff', resourceId: staff.id });
    await endAllSessions(await getDb(), staff.id);
    return null;
  },
);

/**
 * Ends one of one's own sessions, on a device the account page lists ("Sign out" on its row): a
 * lost phone, a shared computer. A session of another member, or one already ended, is refused
 * and nothing changes; ending the session in use signs this browser out.
 */
export const endOwnSessionAction = staffAction(
  {
    name: 'end-own-session',
    role: 'viewer',
    input: z.strictObject({ sessionId: Uuid }),
    mutates: true,
    allowedBeforePasswordChange: true,
  },
  async ({ sessionId }, { staff, setAuditTarget }) => {
    setAuditTarget({ resourceType: 'session', resourceId: sessionId });
    if (!(await endOwnSession(await getDb(), staff.id, sessionId)))
      throw new ActionError(said('account.errors.sessionNotOpen'));
    return { signedOut: sessionId === staff.sessionId };
  },
);

/**
 * The member's current password, or the refusal `wrong` makes. Past the limits (from this
 * address, or across addresses for the account) the password is not looked at, and this session
 * ends: whoever is guessing with it is signed out.
 */
async function requireCurrentPassword(
  db: DashboardDb,
  staff: Pick<StaffSession, 'id' | 'sessionId'>,
  current: string,
  wrong: () => ActionError,
): Promise<void> {
  const check = await checkCurrentPassword(db, staff.id, current, await requestClientAddress());
  if (check === 'right') return;
  if (check === 'paused') {
    await endSession(db, staff.sessionId);
    throw new ActionError(said('account.errors.passwordTriesEnded'), {
      current: [said('account.errors.fields.notRight')],
    });
  }
  throw wrong();
}

const CurrentPassword = z
  .string()
  .min(1, { error: validationMessage('enterCurrentPassword') })
  .max(200, { error: validationMessage('atMostChars', 200) });
/** The code of one's current authenticator or a recovery code, as typed (SecondFactorCode checks it). */
const CurrentCode = z.string().max(40, { error: validationMessage('atMostChars', 40) });

/**
 * A member who has a second factor replaces it only with their current password and a current code
 * (of the app, or a recovery code): a copied session cookie or an unlocked browser is not enough.
 */
async function proveReplacement(
  staff: StaffSession,
  current: string | undefined,
  currentCode: string | undefined,
): Promise<void> {
  if (!current || !currentCode)
    throw new ActionError(said('account.errors.replaceNeedsProof'), {
      ...(!current && { current: [said('account.errors.fields.required')] }),
      ...(!currentCode && { currentCode: [said('account.errors.fields.required')] }),
    });
  const db = await getDb();
  await requireCurrentPassword(
    db,
    staff,
    current,
    () => new ActionError(said('account.errors.wrongPassword'), { current: [said('account.errors.fields.notRight')] }),
  );
  const code = SecondFactorCode.safeParse(currentCode);
  if (!code.success || !(await checkCurrentSecondFactor(db, staff, code.data, secretKeysOf(getConfig()))))
    throw new ActionError(said('account.errors.currentCodeWrong'), {
      currentCode: [said('account.errors.fields.notRight')],
    });
}

/**
 * The enrolment code an admin was shown for this member (enrolment-code.ts), when their account
 * carries one: true once it is given right, false when none is asked for. A wrong one is counted
 * in the account's run of wrong codes and refused, saying so.
 */
async function proveEnrolmentCode(staff: StaffSession, typed: string | undefined): Promise<boolean> {
  const db = await getDb();
  if ((await enrolmentCodeState(db, staff.id)) === 'none') return false;
  if (!typed?.trim())
    throw new ActionError(said('account.errors.enrolmentCodeNeeded'), {
      enrolmentCode: [said('account.errors.fields.required')],
    });
  const check = await checkEnrolmentCode(db, staff.id, typed);
  if (check === 'right') return true;
  if (check === 'none') return false;
  const refusal = {
    wrong: 'account.errors.enrolmentCodeWrong',
    paused: 'account.errors.enrolmentCodePaused',
    expired: 'account.errors.enrolmentCodeExpired',
  } as const;
  throw new ActionError(said(refusal[check]), { enrolmentCode: [said('account.errors.fields.notRight')] });
}

/**
 * Starts setting up two-step sign-in: a new authenticator secret, kept pending until its first
 * code is checked, answered as its QR code (made on the server) and its text. Replacing a factor
 * the member has needs their current password and a current code, and a first one the enrolment
 * code the account carries, if any; only this session may then confirm the new one.
 */
export const beginTwoStepAction = staffAction(
  {
    name: 'begin-two-step',
    role: 'viewer',
    input: z.strictObject({
      step: z.literal('begin', { error: 'must be "begin"' }),
      current: CurrentPassword.optional(),
      currentCode: CurrentCode.optional(),
      enrolmentCode: CurrentCode.optional(),
    }),
    mutates: true,
    allowedBeforeSecondFactor: true,
  },
  async ({ current, currentCode, enrolmentCode }, { staff, setAuditTarget }) => {
    setAuditTarget({ resourceType: 'staff', resourceId: staff.id });
    if (staff.hasSecondFactor) {
      setAuditTarget({ before: { secondFactor: 'on' }, after: { secondFactor: 'replacement started' } });
      await proveReplacement(staff, current, currentCode);
    }
    const bound = staff.hasSecondFactor || (await proveEnrolmentCode(staff, enrolmentCode));
    if (bound && !staff.hasSecondFactor) setAuditTarget({ after: { enrolmentCode: 'given' } });
    return beginEnrolment(
      await getDb(),
      staff,
      secretKeysOf(getConfig()),
      bound ? { sessionId: staff.sessionId } : null,
    );
  },
);

/**
 * Checks the first code of the pending secret: two-step sign-in is on, with 10 recovery codes shown
 * once. A replacement is confirmed only by the session that started it with the password and a
 * current code, with the password again; it ends the member's other sessions and device cookies.
 */
export const confirmTwoStepAction = staffAction(
  {
    name: 'confirm-two-step',
    role: 'viewer',
    input: z.strictObject({ code: SecondFactorCode, current: CurrentPassword.optional() }),
    mutates: true,
    allowedBeforeSecondFactor: true,
  },
  async ({ code, current }, { staff, setAuditTarget }) => {
    setAuditTarget({ resourceType: 'staff', resourceId: staff.id });
    const db = await getDb();
    if (staff.hasSecondFactor) {
      setAuditTarget({ before: { secondFactor: 'on' } });
      const needsProof = () =>
        new ActionError(said('account.errors.replaceNeedsProof'), {
          current: [said('account.errors.fields.notRight')],
        });
      if (!current) throw needsProof();
      await requireCurrentPassword(db, staff, current, needsProof);
    }
    const codes = await confirmEnrolment(db, staff.id, code, secretKeysOf(getConfig()), staff.sessionId);
    if (!codes)
      throw new ActionError(said('account.errors.codeMismatch'), {
        code: [said('account.errors.fields.doesNotMatch')],
      });
    if (staff.hasSecondFactor) {
      await endOtherSessions(db, staff.id, staff.sessionId);
      setAuditTarget({ after: { secondFactor: 'replaced', otherSessions: 'ended', deviceCookies: 'ended' } });
    }
    return { recoveryCodes: codes };
  },
);

/** Turns one's own two-step sign-in off, after the current password; refused while the team requires it. */
export const removeOwnTwoStepAction = staffAction(
  {
    name: 'remove-own-two-step',
    role: 'viewer',
    input: z.strictObject({ current: CurrentPassword }),
    mutates: true,
  },
  async ({ current }, { staff, setAuditTarget }) => {
    setAuditTarget({ resourceType: 'staff', resourceId: staff.id });
    const db = await getDb();
    if (!staff.hasSecondFactor) throw new ActionError(said('account.errors.noTwoStep'));
    if (secondFactorRequired(await secondFactorPolicy(db), staff.role))
      throw new ActionError(said('account.errors.twoStepRequired'));
    await requireCurrentPassword(
      db,
      staff,
      current,
      () =>
        new ActionError(said('account.errors.wrongPassword'), {
          current: [said('account.errors.fields.notRight')],
        }),
    );
    await removeSecondFactor(db, staff.id);
    return null;
  },
);
