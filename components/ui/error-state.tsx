import { useTranslations } from 'next-intl';

import { Notice } from './notice';

export function ErrorState({ title, message }: { title?: string; message: string }) {
  const t = useTranslations('ui');
  return (
    <Notice role="status" tone="danger" title={title ?? t('errorTitle')} data-testid="error-state">
      {message}
    </Notice>
  );
}
