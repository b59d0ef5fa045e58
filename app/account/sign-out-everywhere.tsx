'use client';

import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';

import { Button } from '@/components/ui/button';
import { signOutEverywhereAction } from '@/lib/actions/account';

export function SignOutEverywhere() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = () =>
    startTransition(async () => {
      const r = await signOutEverywhereAction({ scope: 'everywhere' });
      if (!r.ok) return setError(r.error);
      // This session ended with the others: the next page is the sign-in.
      router.replace('/login');
      router.refresh();
    });
  return (
    <div className="space-y-3">
      <p aria-live="polite" className="text-sm text-rose-700">
        {error}
      </p>
      {confirming ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="danger" onClick={run} disabled={pending}>
            {pending ? 'Signing out…' : 'Yes, sign out everywhere'}
          </Button>
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={pending}>
            Keep my sessions
          </Button>
        </div>
      ) : (
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          Sign out everywhere
        </Button>
      )}
    </div>
  );
}
