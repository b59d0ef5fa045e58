'use client';

import { useTranslations } from 'next-intl';

import { LiveRegion } from '@/components/ui/live-region';
import { Notice } from '@/components/ui/notice';

/** What the team page says after an action: the outcome, and a one-time password and enrolment code shown once. */
export type TeamNotice = { tone: 'ok' | 'error'; text: string; secret?: string; enrolmentCode?: string } | null;

/** A value the page shows once, to be copied and handed over: its label, the value, and what to do with it. */
function ShownOnce({ label, value, testId, hint }: { label: string; value: string; testId: string; hint?: string }) {
  return (
    <div className="mt-1">
      {label}{' '}
      <code data-testid={testId} className="rounded bg-surface px-1.5 py-0.5 font-mono select-all">
        {value}
      </code>
      {hint && <div className="text-xs">{hint}</div>}
    </div>
  );
}

/** The team page's notice, announced when it changes. */
export function TeamNoticeRegion({ notice }: { notice: TeamNotice }) {
  const t = useTranslations('team');
  return (
    <LiveRegion>
      {notice && (
        <Notice tone={notice.tone === 'ok' ? 'success' : 'danger'} data-testid="team-notice">
          {notice.text}
          {notice.secret && <ShownOnce label={t('oneTimePassword')} value={notice.secret} testId="one-time-password" />}
          {notice.enrolmentCode && (
            <ShownOnce
              label={t('enrolmentCode')}
              value={notice.enrolmentCode}
              testId="enrolment-code"
              hint={t('enrolmentCodeHint')}
            />
          )}
        </Notice>
      )}
    </LiveRegion>
  );
}
