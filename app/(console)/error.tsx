'use client';

import { useTranslations } from 'next-intl';

import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';

export default function ConsoleError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('shell.error');
  const common = useTranslations('common');
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <ErrorState
        title={t('title')}
        message={error.digest ? t('messageWithId', { digest: error.digest }) : t('message')}
      />
      <Button variant="secondary" onClick={reset}>
        {common('tryAgain')}
      </Button>
    </div>
  );
}
