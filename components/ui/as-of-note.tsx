import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';

import { Notice } from './notice';
import { RefreshButton } from './refresh-button';

/**
 * Says that a page shows answers read earlier, and when: served at once because the partner's API
 * request budget had no room for this page right now (readApi's `asOf`, `oldestAsOf` in
 * lib/server/api/read.ts), with a Refresh that asks again. Nothing when `asOf` is undefined.
 */
export function AsOfNote({ asOf }: { asOf: { at: Date; label: string; resumesAt?: string } | undefined }) {
  const t = useTranslations('ui.asOf');
  if (!asOf) return null;
  const at = asOf.at.toISOString();
  const time = (chunks: ReactNode) => <time dateTime={at}>{chunks}</time>;
  return (
    <Notice
      tone="info"
      role="status"
      className="flex flex-wrap items-center gap-x-3 gap-y-2"
      data-testid="as-of-note"
      data-as-of={at}
    >
      <p className="min-w-0 flex-1">
        {asOf.resumesAt
          ? t.rich('rateLimited', { time, at: asOf.label, resumesAt: asOf.resumesAt })
          : t.rich('budgetBusy', { time, at: asOf.label })}
      </p>
      <RefreshButton />
    </Notice>
  );
}
