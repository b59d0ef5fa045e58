import type { Metadata } from 'next';
import { redirect } from 'next/navigation';

import { Card } from '@/components/ui/card';
import { Link } from '@/components/ui/link';
import { verifySession } from '@/lib/server/auth';

import { PasswordForm } from './password-form';
import { SignOutEverywhere } from './sign-out-everywhere';

export const metadata: Metadata = { title: 'Your account' };

/** Outside the console's layout: a member who must replace a one-time password lands here first. */
export default async function AccountPage() {
  const staff = await verifySession();
  if (!staff) redirect('/login?callbackUrl=/account');
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
        {!staff.mustChangePassword && (
          <Link href="/" className="block text-center text-sm font-medium text-brand-700 hover:underline">
            Back to the dashboard
          </Link>
        )}
      </div>
    </main>
  );
}
