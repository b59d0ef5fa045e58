'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';

import { ConfirmButton } from '@/components/ui/confirm-button';
import { signOutEverywhereAction } from '@/lib/actions/account';

export function SignOutEverywhere() {
  const t = useTranslations('account.sessions');
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
        title={t('confirmTitle')}
        description={t('confirmDescription')}
        confirmLabel={t('confirm')}
        cancelLabel={t('keep')}
        onConfirm={run}
      >
        {t('button')}
      </ConfirmButton>
    </div>
  );
}
