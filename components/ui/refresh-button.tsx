'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useTransition } from 'react';

import { Button } from './button';

/** Renders the page again on the server (router.refresh), saying so while it does. */
export function RefreshButton({ label }: { label?: string }) {
  const t = useTranslations('common');
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-busy={pending}
      disabled={pending}
      onClick={() => startTransition(() => router.refresh())}
    >
      {pending ? t('refreshing') : (label ?? t('refresh'))}
    </Button>
  );
}
