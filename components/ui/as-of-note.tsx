import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';

import { RefreshCopyButton } from '@/components/directory/refresh-copy-button';
import type { CopyRef } from '@/lib/directory/schemas';

import { Notice } from './notice';
import { RefreshButton } from './refresh-button';

/** When a page's answers were read (readApi's `asOf`); `copies`: the directory's copies it read that are old. */
export interface AsOfProp {
  at: Date;
  label: string;
  resumesAt?: string;
  copies?: CopyRef[];
}

/**
 * Says that a page shows answers read earlier, and when: served at once because the partner's API
 * request budget had no room for this page right now (readApi's `asOf`, `oldestAsOf` in
 * lib/server/api/read.ts), with a Refresh that asks again; or read from the dashboard's copy of the
 * directory, last brought up to date more than a minute ago, with "Refresh now" that reads those
 * copies anew. Nothing when `asOf` is undefined.
 */
export function AsOfNote({ asOf }: { asOf: AsOfProp | undefined }) {
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
          : asOf.copies?.length
            ? t.rich('copyOld', { time, at: asOf.label })
            : t.rich('budgetBusy', { time, at: asOf.label })}
      </p>
      {asOf.copies?.length ? <RefreshCopyButton copies={asOf.copies} /> : <RefreshButton />}
    </Notice>
  );
}
