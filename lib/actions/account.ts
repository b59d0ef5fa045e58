'use server';

import { z } from 'zod';

import { ChangePasswordInput } from '@/lib/auth/password-policy';
import { said, v } from '@/lib/i18n/said';
import {
  beginEnrolment,
  checkCurrentPassword,
  confirmEnrolment,
  endAllSessions,
  removeSecondFactor,
  requestClientAddress,
  SecondFactorCode,
  secondFactorPolicy,
  secondFactorRequired,
  setStaffPassword,
} from '@/lib/server/auth';
import { ACCOUNT_LIMIT } from '@/lib/server/auth/login-limiter';
import { getConfig } from '@/lib/server/config';
import { getDb } from '@/lib/server/db';
import { ActionError, staffAction } from '@/lib/server/http';

/**
 * A new password for oneself, after the current one (or the one-time password an admin issued).
 * Every other session of the account ends; this one stays signed in.
 */
export const changeOwnPasswordAction = staffAction(
  {
    name: 'change-own-password',
    role: 'viewer',
    input: ChangePasswordInput,
    mutates: true,
    allowedBeforePasswordChange: true,
  },
  async ({ current, password }, { staff, setAuditTarget }) => {
    setAuditTarget({ resourceType: 'staff', resourceId: staff.id });
    const db = await getDb();
    if (!(await checkCurrentPassword(db, staff.id, current, await requestClientAddress()))) {
      throw new ActionError(
        said('account.errors.wrongPasswordLimited', {
          tries: ACCOUNT_LIMIT.max,
          minutes: ACCOUNT_LIMIT.windowMinutes,
        }),
        { current: [said('account.errors.fields.notRight')] },
      );
    }
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
 * Starts setting up two-step sign-in: a new authenticator secret, kept pending until its first
 * code is checked, answered as its QR code (made on the server) and its text.
 */
export const beginTwoStepAction = staffAction(
  {
    name: 'begin-two-step',
    role: 'viewer',
    input: z.strictObject({ step: z.literal('begin', { error: 'must be "begin"' }) }),
    mutates: true,
    allowedBeforeSecondFactor: true,
  },
  async (_input, { staff, setAuditTarget }) => {
    setAuditTarget({ resourceType: 'staff', resourceId: staff.id });
    return beginEnrolment(await getDb(), staff, getConfig().authSecret);
  },
);

/** Checks the first code of the pending secret: two-step sign-in is on, with 10 recovery codes shown once. */
export const confirmTwoStepAction = staffAction(
  {
    name: 'confirm-two-step',
    role: 'viewer',
    input: z.strictObject({ code: SecondFactorCode }),
    mutates: true,
    allowedBeforeSecondFactor: true,
  },
  async ({ code }, { staff, setAuditTarget }) => {
    setAuditTarget({ resourceType: 'staff', resourceId: staff.id });
    const codes = await confirmEnrolment(await getDb(), staff.id, code, getConfig().authSecret);
    if (!codes)
      throw new ActionError(said('account.errors.codeMismatch'), {
        code: [said('account.errors.fields.doesNotMatch')],
      });
    return { recoveryCodes: codes };
  },
);

/** Turns one's own two-step sign-in off, after the current password; refused while the team requires it. */
export const removeOwnTwoStepAction = staffAction(
  {
    name: 'remove-own-two-step',
    role: 'viewer',
    input: z.strictObject({
      current: z
        .string()
        .min(1, { error: v('enterCurrentPassword') })
        .max(200, { error: v('atMostChars', 200) }),
    }),
    mutates: true,
  },
  async ({ current }, { staff, setAuditTarget }) => {
    setAuditTarget({ resourceType: 'staff', resourceId: staff.id });
    const db = await getDb();
    if (!staff.hasSecondFactor) throw new ActionError(said('account.errors.noTwoStep'));
    if (secondFactorRequired(await secondFactorPolicy(db), staff.role))
      throw new ActionError(said('account.errors.twoStepRequired'));
    if (!(await checkCurrentPassword(db, staff.id, current, await requestClientAddress())))
      throw new ActionError(said('account.errors.wrongPassword'), {
        current: [said('account.errors.fields.notRight')],
      });
    await removeSecondFactor(db, staff.id);
    return null;
  },
);
