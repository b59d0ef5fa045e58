import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { listStaff, membersWithSecondFactor, requireStaff, secondFactorPolicy } from '@/lib/server/auth';
import { getConfig } from '@/lib/server/config';
import { getDb } from '@/lib/server/db';

import { TeamManager } from './team-manager';
import { TwoStepPolicy } from './two-step-policy';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('team');
  return { title: t('metaTitle') };
}

export default async function TeamPage() {
  const me = await requireStaff('admin');
  const t = await getTranslations('team');
  const db = await getDb();
  const [members, withTwoStep, policy] = await Promise.all([
    listStaff(db),
    membersWithSecondFactor(db),
    secondFactorPolicy(db),
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
    </div>
  );
}
