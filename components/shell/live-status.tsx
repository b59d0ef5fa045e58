'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';

import { useLiveStatus } from '@/components/providers/live-events';
import { cn } from '@/components/ui/cn';
import { bannerClasses } from '@/components/ui/tone';

/** A reconnect shorter than this goes unsaid: a deploy's or a network's blip, the browser retrying after the stream's `retry: 3000`. */
const UNSAID_MS = 6_000;

/**
 * A banner under the header while the page follows no change: the browser's event stream is down
 * and being opened again (components/providers/shared-event-source.ts), so what teammates and
 * guests change shows only once it is back. Nothing while it is open.
 */
export function LiveStatus() {
  const t = useTranslations('shell.live.paused');
  const live = useLiveStatus();
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (live) return;
    const timer = setTimeout(() => setLate(true), UNSAID_MS);
    return () => {
      clearTimeout(timer);
      setLate(false);
    };
  }, [live]);
  return (
    <div role="status" className="print:hidden">
      {!live && late && (
        <p data-testid="live-paused" className={cn('flex items-start gap-2', bannerClasses('warning'))}>
          <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 animate-pulse rounded-full bg-amber-500" />
          <span>
            <strong className="font-semibold">{t('label')}</strong> {t('detail')}
          </span>
        </p>
      )}
    </div>
  );
}
