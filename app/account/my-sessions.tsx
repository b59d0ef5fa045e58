'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toast';
import { endOwnSessionAction } from '@/lib/actions/account';

/** One of the member's open sessions, worded on the server. */
export interface SessionRow {
  id: string;
  /** "Firefox on Windows" */
  device: string;
  /** when it was signed in and last used, and from which address */
  details: string;
  /** the exact moments, for the hover */
  title: string;
  /** the session of this browser */
  current: boolean;
}

/** Where the member is signed in: each device with "Sign out", this one marked. */
export function MySessions({ sessions }: { sessions: SessionRow[] }) {
  const t = useTranslations('account.sessions');
  const router = useRouter();
  const [ending, setEnding] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const end = async (row: SessionRow) => {
    setEnding(row.id);
    setError(null);
    const r = await endOwnSessionAction({ sessionId: row.id });
    setEnding(null);
    if (!r.ok) {
      setError(r.error);
      router.refresh();
      return;
    }
    if (r.data.signedOut) {
      router.replace('/login');
      return router.refresh();
    }
    notify(t('signedOut', { device: row.device }));
    router.refresh();
  };

  return (
    <div className="mb-5 space-y-2">
      <p aria-live="polite" className="text-sm text-rose-700 empty:hidden">
        {error}
      </p>
      <ul className="divide-y divide-slate-200" data-testid="my-sessions">
        {sessions.map((row) => (
          <li
            key={row.id}
            className="flex items-center justify-between gap-3 py-2"
            data-testid="my-session"
            data-session={row.id}
          >
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                <span className="break-words">{row.device}</span>
                {row.current && <Badge tone="success">{t('thisDevice')}</Badge>}
              </p>
              <p className="text-xs text-slate-500" title={row.title}>
                {row.details}
              </p>
            </div>
            {!row.current && (
              <Button
                variant="secondary"
                size="sm"
                disabled={ending !== null}
                aria-label={t('signOutLabel', { device: row.device })}
                onClick={() => void end(row)}
              >
                {t('signOut')}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
