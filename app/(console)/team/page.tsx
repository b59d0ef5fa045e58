import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { Card } from '@/components/ui/card';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { STAFF_ROLES } from '@/lib/auth/roles';
import { listStaff, membersWithSecondFactor, requireStaff, secondFactorPolicy } from '@/lib/server/auth';
import { getConfig } from '@/lib/server/config';
import { getDb } from '@/lib/server/db';
import { largePartySize } from '@/lib/server/notifications/large-party';
import { roleDefaults } from '@/lib/server/notifications/preferences';

import { LargePartyForm, NotificationChoicesForm } from './notification-defaults-lazy';
import { TeamManager } from './team-manager';
import { TwoStepPolicy } from './two-step-policy';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('team');
  return { title: t('metaTitle') };
}

export default async function TeamPage() {
  const me = await requireStaff('admin');
  const [t, notifications] = await Promise.all([getTranslations('team'), getTranslations('notificationPreferences')]);
  const db = await getDb();
  const [members, withTwoStep, policy, defaults, partySize] = await Promise.all([
    listStaff(db),
    membersWithSecondFactor(db),
    secondFactorPolicy(db),
    roleDefaults(db),
    largePartySize(db),
  ]);
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader title={t('title')} description={t('description')} />
      <Card>
        <TeamManager
          members={members.map((m) => ({ ...m, twoStep: withTwoStep.has(m.id) }))}
          currentId={me.id}
          sso={getConfig().oidc?.name ?? null}
        />
      </Card>
      <Card>
        <h2 className="text-sm font-semibold text-slate-900">{t('twoStep.title')}</h2>
        <p className="mt-1 mb-4 text-sm text-slate-500">{t('twoStep.intro')}</p>
        <TwoStepPolicy policy={policy} />
      </Card>
      <Card>
        <h2 className="text-sm font-semibold text-slate-900">{notifications('defaults.title')}</h2>
        <p className="mt-1 mb-4 text-sm text-slate-500">{notifications('defaults.intro')}</p>
        {!getConfig().mail && (
          <Notice tone="info" className="mb-4" data-testid="notifications-no-mail">
            {notifications('mailNotSetUp')}
          </Notice>
        )}
        <div className="mb-6">
          <LargePartyForm size={partySize} />
        </div>
        <div className="grid gap-6 md:grid-cols-3">
          {STAFF_ROLES.map((role) => (
            <section key={role} aria-labelledby={`notification-defaults-${role}`}>
              <h3 className="mb-3 text-sm font-medium text-slate-900" id={`notification-defaults-${role}`}>
                {t(`roleLabel.${role}`)}
              </h3>
              <NotificationChoicesForm
                choices={defaults[role]}
                role={{ role, label: t(`roleLabel.${role}`) }}
                mailReady={getConfig().mail !== null}
                testId={`notification-defaults-${role}`}
              />
            </section>
          ))}
        </div>
      </Card>
    </div>
  );
}
