'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';

import { ConfirmButton } from '@/components/ui/confirm-button';
import { signOutEverywhereAction } from '@/lib/actions/account';

export function SignOutEverywhere() {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    const r = await signOutEverywhereAction({ scope: 'everywhere' });
    if (!r.ok) {
      setError(r.error);
      return false;
    }
    // This session ended with the others: the next page is the sign-in.
    router.replace('/login');
    router.refresh();
  };
  return (
    <div className="space-y-3">
      <p aria-live="polite" className="text-sm text-rose-700">
        {error}
      </p>
      <ConfirmButton
        variant="secondary"
        tone="danger"
        title="Sign out everywhere?"
        description="Every session of your account ends, this one included: you sign in again on each device."
        confirmLabel="Yes, sign out everywhere"
        cancelLabel="Keep my sessions"
        onConfirm={run}
      >
        Sign out everywhere
      </ConfirmButton>
    </div>
  );
}
