import { useTranslations } from 'next-intl';

import { Card } from './card';

/** Fields the API returned that the dashboard does not know yet, shown raw rather than dropped. */
export function OtherFields({ fields, testId }: { fields: Record<string, unknown>; testId: string }) {
  const t = useTranslations('ui.otherFields');
  if (Object.keys(fields).length === 0) return null;
  return (
    <Card title={t('title')}>
      <p className="mb-2 text-xs text-slate-500">{t('note')}</p>
      <pre className="overflow-x-auto rounded bg-slate-50 p-3 text-xs" data-testid={testId}>
        {JSON.stringify(fields, null, 2)}
      </pre>
    </Card>
  );
}
