import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';

import { NotificationChoicesForm } from '@/components/notifications/notification-choices-form';
import { StopWatching } from '@/components/notifications/stop-watching';
import { Card } from '@/components/ui/card';
import { Link } from '@/components/ui/link';
import { Notice } from '@/components/ui/notice';
import { ToastRegion } from '@/components/ui/toast-region';
import { timeZoneChoices } from '@/lib/i18n/member-settings';
import { DEFAULT_DIGEST_TIME } from '@/lib/notifications/preferences';
import {
  enrolmentCodeState,
  findStaffById,
  openSessionsOf,
  recoveryCodesLeft,
  secondFactorPolicy,
  secondFactorRequired,
  verifySession,
} from '@/lib/server/auth';
import { getConfig } from '@/lib/server/config';
import { getDb } from '@/lib/server/db';
import { getFormatter } from '@/lib/server/http';
import { memberChoices } from '@/lib/server/notifications/preferences';
import { watchesShown, type WatchShown } from '@/lib/server/notifications/watches';

import { LanguageForm } from './language-form';
import { MySessions } from './my-sessions';
import { PasswordForm } from './password-form';
import { sessionRows } from './session-rows';
import { SignOutEverywhere } from './sign-out-everywhere';
import { TwoStep } from './two-step';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('account');
  return { title: t('metaTitle') };
}

/** Outside the console's layout: a member who must replace a one-time password lands here first. */
export default async function AccountPage() {
  const staff = await verifySession();
  if (!staff) redirect('/login?callbackUrl=/account');
  const db = await getDb();
  const [t, tSessions, settings, notifications, tWatch, format] = await Promise.all([
    getTranslations('account'),
    getTranslations('account.sessions'),
    getTranslations('settings'),
    getTranslations('notificationPreferences'),
    getTranslations('watch'),
    getFormatter(),
  ]);
  const [policy, codesLeft, account, enrolmentCode, choices, watches, sessions] = await Promise.all([
    secondFactorPolicy(db),
    recoveryCodesLeft(db, staff.id),
    findStaffById(db, staff.id),
    enrolmentCodeState(db, staff.id),
    memberChoices(db, staff),
    watchesShown(db, staff.id),
    openSessionsOf(db, staff.id),
  ]);
  const watchName = (w: WatchShown) =>
    w.subject === 'venue'
      ? tWatch('list.venue', { name: w.venue ?? '—' })
      : w.reservation?.guest && w.reservation.date && w.reservation.time
        ? tWatch('list.reservation', {
            guest: w.reservation.guest,
            date: format.day(w.reservation.date),
            time: format.wallTime(w.reservation.time),
          })
        : tWatch('list.reservationUnknown');
  const watchHref = (w: WatchShown) =>
    w.subject === 'venue'
      ? `/today?venue=${encodeURIComponent(w.subjectId)}`
      : `/reservations/${encodeURIComponent(w.subjectId)}`;
  // When the member's daily e-mail goes out, on their own clock.
  const digest = { time: account?.digestTime ?? DEFAULT_DIGEST_TIME, zone: staff.timeZone ?? 'UTC' };
  // Wrong codes given with the member's password before their last sign-in: they are told.
  const wrongCodes = account?.secondFactorNotice ?? 0;
  // A one-time password is replaced first; then a second factor the team requires is set up.
  const enrolFirst = !staff.mustChangePassword && staff.mustEnrolSecondFactor;
  const twoStep = (
    <Card>
      <h2 className="text-sm font-semibold text-slate-900" id="two-step">
        {enrolFirst ? t('twoStep.enrolTitle') : t('twoStep.title')}
      </h2>
      <p className="mb-4 mt-1 text-sm text-slate-500">{enrolFirst ? t('twoStep.enrolIntro') : t('twoStep.intro')}</p>
      {wrongCodes > 0 && (
        <Notice tone="warning" data-testid="two-step-wrong-codes" className="mb-4">
          {t('twoStep.wrongCodes', { count: wrongCodes })}
        </Notice>
      )}
      <TwoStep
        enabled={staff.hasSecondFactor}
        codesLeft={codesLeft}
        required={secondFactorRequired(policy, staff.role)}
        codeRequired={!staff.hasSecondFactor && enrolmentCode !== 'none'}
      />
    </Card>
  );
  if (enrolFirst)
    return (
      <main className="flex min-h-screen items-center justify-center px-4 py-10">
        <div className="w-full max-w-sm space-y-6">{twoStep}</div>
        <ToastRegion />
      </main>
    );
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-10">
      <div className="w-full max-w-sm space-y-6">
        <Card>
          <h1 className="text-lg font-semibold text-slate-900">
            {staff.mustChangePassword ? t('chooseTitle') : t('title')}
          </h1>
          <p className="mb-4 mt-1 text-sm text-slate-500">
            {staff.mustChangePassword ? t('oneTimeIntro') : t('signedInAs', { email: staff.email })}
          </p>
          <PasswordForm oneTime={staff.mustChangePassword} />
        </Card>
        <Card>
          <h2 className="text-sm font-semibold text-slate-900" id="sessions">
            {t('sessions.title')}
          </h2>
          <p className="mb-2 mt-1 text-sm text-slate-500">{t('sessions.listIntro')}</p>
          <MySessions sessions={sessionRows(sessions, staff.sessionId, tSessions, format, new Date())} />
          <p className="mb-4 text-sm text-slate-500">{t('sessions.intro')}</p>
          <SignOutEverywhere />
        </Card>
        {!staff.mustChangePassword && (
          <Card>
            <h2 className="text-sm font-semibold text-slate-900" id="language">
              {settings('title')}
            </h2>
            <p className="mb-4 mt-1 text-sm text-slate-500">{settings('intro')}</p>
            <LanguageForm
              language={staff.language}
              timeZone={staff.timeZone}
              zones={timeZoneChoices(format.locale, new Date())}
            />
          </Card>
        )}
        {!staff.mustChangePassword && (
          <Card>
            <h2 className="text-sm font-semibold text-slate-900" id="notifications">
              {notifications('title')}
            </h2>
            <p className="mb-4 mt-1 text-sm text-slate-500">{notifications('intro')}</p>
            <NotificationChoicesForm
              choices={choices}
              digest={digest}
              mailReady={getConfig().mail !== null}
              testId="notification-choices"
            />
          </Card>
        )}
        {!staff.mustChangePassword && (
          <Card data-testid="watch-list">
            <h2 className="text-sm font-semibold text-slate-900" id="watching">
              {tWatch('list.title')}
            </h2>
            <p className="mb-4 mt-1 text-sm text-slate-500">
              {watches.length ? tWatch('list.intro') : tWatch('list.empty')}
            </p>
            {watches.length > 0 && (
              <ul className="divide-y divide-slate-200">
                {watches.map((w) => (
                  <li key={`${w.subject}:${w.subjectId}`} className="flex items-center justify-between gap-3 py-2">
                    <Link href={watchHref(w)} className="min-w-0 text-sm text-brand-700 hover:underline">
                      {watchName(w)}
                    </Link>
                    <StopWatching
                      subject={w.subject}
                      id={w.subjectId}
                      words={{
                        stop: tWatch('list.stop'),
                        label: tWatch('list.stopLabel', { what: watchName(w) }),
                        stopped: tWatch('stopped'),
                      }}
                    />
                  </li>
                ))}
              </ul>
            )}
          </Card>
        )}
        {!staff.mustChangePassword && twoStep}
        {!staff.mustChangePassword && (
          <Link href="/" className="block text-center text-sm font-medium text-brand-700 hover:underline">
            {t('back')}
          </Link>
        )}
      </div>
      <ToastRegion />
    </main>
  );
}
