'use server';

import { randomBytes } from 'node:crypto';
import { revalidatePath } from 'next/cache';
import { z } from 'zod';

import { Uuid } from '@/lib/guestbook/schemas';
import { said, validationMessage } from '@/lib/i18n/said';
import {
  createStaff,
  endAllSessions,
  findStaffById,
  issueEnrolmentCode,
  removeSecondFactor,
  secondFactorPolicy,
  SecondFactorPolicySchema,
  setSecondFactorPolicy,
  setStaffPassword,
  StaffEmail,
  StaffPassword,
  StaffRoleSchema,
  toSummary,
} from '@/lib/server/auth';
import { getConfig } from '@/lib/server/config';
import { getDb } from '@/lib/server/db';
import { ActionError, staffAction } from '@/lib/server/http';
import { CHANGE_STAFF_ACCESS, changeStaffAccessIn } from '@/lib/server/team';

const oneTimePassword = () => randomBytes(12).toString('base64url');

/**
 * The new member's e-mail, read as StaffEmail reads it, refused with a message the form writes in
 * the reader's language (StaffEmail's own message is the `npm run staff` command's).
 */
const NewMemberEmail = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: validationMessage('enterEmail') }))
  .pipe(StaffEmail);

const AddStaffInputSchema = z
  .strictObject({
    email: NewMemberEmail,
    name: z
      .string()
      .trim()
      .min(1, { error: validationMessage('required') })
      .max(120, { error: validationMessage('atMostChars', 120) }),
    role: StaffRoleSchema,
    /** empty: a one-time password is generated and must be replaced at the first sign-in */
    password: z.union([z.literal(''), StaffPassword]).default(''),
    /** signs in through company sign-in only: no password at all */
    ssoOnly: z.boolean().default(false),
  })
  .refine((m) => !m.ssoOnly || m.password === '', {
    error: validationMessage('notForCompanySignIn'),
    path: ['password'],
  });

export const addStaffMemberAction = staffAction(
  { name: 'add-staff-member', role: 'admin', input: AddStaffInputSchema, mutates: true },
  async ({ email, name, role, password, ssoOnly }, { setAuditTarget }) => {
    if (ssoOnly && !getConfig().oidc)
      throw new ActionError(said('team.errors.companySignInNotSetUp'), {
        ssoOnly: [said('team.errors.fields.companySignInNotSetUp')],
      });
    const oneTime = !ssoOnly && password === '';
    const secret = oneTime ? oneTimePassword() : password;
    const created = await createStaff(
      await getDb(),
      ssoOnly ? { email, name, role, ssoOnly } : { email, name, role, password: secret, mustChangePassword: oneTime },
    ).catch(refuseDuplicateEmail(email));
    setAuditTarget({ resourceType: 'staff', resourceId: created.id, after: created });
    // Their first second factor is set up only with it (company sign-in has its own checks).
    const enrolmentCode = ssoOnly ? null : await issueEnrolmentCode(await getDb(), created.id);
    revalidatePath('/team');
    return { member: created, oneTimePassword: oneTime ? secret : null, enrolmentCode };
  },
);

/** An e-mail that has an account, said in one sentence on the e-mail field; any other failure as it is. */
const refuseDuplicateEmail =
  (email: string) =>
  (e: unknown): never => {
    if (e instanceof Error && /unique|duplicate/i.test(`${e.message} ${String(e.cause ?? '')}`)) {
      throw new ActionError(said('team.errors.alreadyHasAccount', { email }), {
        email: [said('team.errors.fields.alreadyHasAccount')],
      });
    }
    throw e;
  };

/** One member's role or access (lib/server/team); a bulk change runs the same handler as a job (startTeamChangeAction). */
export const changeStaffAccessAction = staffAction(CHANGE_STAFF_ACCESS, async (input, ctx) => {
  const after = await changeStaffAccessIn(input, ctx);
  revalidatePath('/team');
  return after;
});

export const resetStaffPasswordAction = staffAction(
  { name: 'reset-staff-password', role: 'admin', input: z.strictObject({ id: Uuid }), mutates: true },
  async ({ id }, { setAuditTarget }) => {
    setAuditTarget({ resourceType: 'staff', resourceId: id });
    const db = await getDb();
    const user = await findStaffById(db, id);
    if (!user) throw new ActionError(said('team.errors.accountGone'));
    if (user.ssoOnly) throw new ActionError(said('team.errors.companySignInOnly', { name: user.name }));
    const secret = oneTimePassword();
    await setStaffPassword(db, id, secret, true);
    // Without a second factor, whoever signs in with the one-time password would set up the first one: the code is asked for.
    const enrolmentCode = user.totpSecret ? null : await issueEnrolmentCode(db, id);
    return { member: toSummary(user), oneTimePassword: secret, enrolmentCode };
  },
);

/**
 * Removes a member's two-step sign-in (a lost phone), ending their sessions and known devices:
 * they sign in with their password and set it up again with the enrolment code the admin is shown once.
 */
export const resetStaffTwoStepAction = staffAction(
  { name: 'reset-staff-two-step', role: 'admin', input: z.strictObject({ id: Uuid }), mutates: true },
  async ({ id }, { staff, setAuditTarget }) => {
    setAuditTarget({ resourceType: 'staff', resourceId: id });
    // Removing one's own asks for the password again, on the account page: a session alone does not.
    if (id === staff.id) throw new ActionError(said('team.errors.ownTwoStep'));
    const db = await getDb();
    const user = await findStaffById(db, id);
    if (!user) throw new ActionError(said('team.errors.accountGone'));
    if (!user.totpSecret) throw new ActionError(said('team.errors.noTwoStep', { name: user.name }));
    await removeSecondFactor(db, id);
    // Whoever holds the member's sessions or browsers now must sign in again: a reset is for a
    // lost phone, and maybe a taken one.
    await endAllSessions(db, id);
    const enrolmentCode = await issueEnrolmentCode(db, id);
    setAuditTarget({ before: { twoStep: true }, after: { twoStep: false, enrolmentCode: 'issued' } });
    revalidatePath('/team');
    return { member: toSummary(user), enrolmentCode };
  },
);

/** Who must sign in with a second factor: nobody, the admins, or everyone. A member without one is sent to set it up first. */
export const setTwoStepPolicyAction = staffAction(
  {
    name: 'set-two-step-policy',
    role: 'admin',
    input: z.strictObject({ policy: SecondFactorPolicySchema }),
    mutates: true,
  },
  async ({ policy }, { setAuditTarget }) => {
    const db = await getDb();
    setAuditTarget({
      resourceType: 'setting',
      resourceId: 'second_factor_policy',
      before: { policy: await secondFactorPolicy(db) },
      after: { policy },
    });
    await setSecondFactorPolicy(db, policy);
    revalidatePath('/team');
    return { policy };
  },
);
