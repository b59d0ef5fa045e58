import type { Metadata } from 'next';
import { redirect } from 'next/navigation';

import { Card } from '@/components/ui/card';
import { Link } from '@/components/ui/link';
import { ToastRegion } from '@/components/ui/toast-region';
import { recoveryCodesLeft, secondFactorPolicy, secondFactorRequired, verifySession } from '@/lib/server/auth';
import { getDb } from '@/lib/server/db';

import { PasswordForm } from './password-form';
import { SignOutEverywhere } from './sign-out-everywhere';
import { TwoStep } from './two-step';

export const metadata: Metadata = { title: 'Your account' };

/** Outside the console's layout: a member who must replace a one-time password lands here first. */
export default async function AccountPage() {
  const staff = await verifySession();
  if (!staff) redirect('/login?callbackUrl=/account');
  const db = await getDb();
  const [policy, codesLeft] = await Promise.all([secondFactorPolicy(db), recoveryCodesLeft(db, staff.id)]);
  // A one-time password is replaced first; then a second factor the team requires is set up.
  const enrolFirst = !staff.mustChangePassword && staff.mustEnrolSecondFactor;
  const twoStep = (
    <Card>
      <h2 className="text-sm font-semibold text-slate-900" id="two-step">
        {enrolFirst ? 'Set up two-step sign-in' : 'Two-step sign-in'}
      </h2>
      <p className="mb-4 mt-1 text-sm text-slate-500">
        {enrolFirst
          ? 'Your team requires a second factor for your role: set it up before you continue.'
          : 'A code from an app on your phone at each sign-in, besides your password.'}
      </p>
      <TwoStep
        enabled={staff.hasSecondFactor}
        codesLeft={codesLeft}
        required={secondFactorRequired(policy, staff.role)}
      />
    </Card>
  );
  if (enrolFirst)
    return (
      <main className="flex min-h-screen items-center justify-center px-4 py-10">
        <div className="w-full max-w-sm space-y-6">{twoStep}</div>
        <ToastRegion />
      </main>
    );
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-10">
      <div className="w-full max-w-sm space-y-6">
        <Card>
          <h1 className="text-lg font-semibold text-slate-900">
            {staff.mustChangePassword ? 'Choose a new password' : 'Your account'}
          </h1>
          <p className="mb-4 mt-1 text-sm text-slate-500">
            {staff.mustChangePassword
              ? 'You signed in with a one-time password. Choose your own before you continue.'
              : `Signed in as ${staff.email}. A new password signs you out on every other device.`}
          </p>
          <PasswordForm oneTime={staff.mustChangePassword} />
        </Card>
        <Card>
          <h2 className="text-sm font-semibold text-slate-900">Sessions</h2>
          <p className="mb-4 mt-1 text-sm text-slate-500">
            Lost a device, or signed in on a shared one? End every session of your account, this one included.
          </p>
          <SignOutEverywhere />
        </Card>
        {!staff.mustChangePassword && twoStep}
        {!staff.mustChangePassword && (
          <Link href="/" className="block text-center text-sm font-medium text-brand-700 hover:underline">
            Back to the dashboard
          </Link>
        )}
      </div>
      <ToastRegion />
    </main>
  );
}
