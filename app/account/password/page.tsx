import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { verifySession } from '@/lib/server/auth';
import { PasswordForm } from './password-form';

export const metadata: Metadata = { title: 'Choose a new password' };

export default async function PasswordPage() {
  const staff = await verifySession();
  if (!staff) redirect('/login');
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h1 className="text-lg font-semibold text-slate-900">Choose a new password</h1>
        <p className="mb-4 mt-1 text-sm text-slate-500">
          {staff.mustChangePassword
            ? 'You signed in with a one-time password. Choose your own before you continue.'
            : `Signed in as ${staff.email}.`}
        </p>
        <PasswordForm />
      </div>
    </main>
  );
}
