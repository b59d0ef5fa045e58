import type { Metadata } from 'next';

import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { listStaff, membersWithSecondFactor, requireStaff, secondFactorPolicy } from '@/lib/server/auth';
import { getConfig } from '@/lib/server/config';
import { getDb } from '@/lib/server/db';

import { TeamManager } from './team-manager';
import { TwoStepPolicy } from './two-step-policy';

export const metadata: Metadata = { title: 'Team' };

export default async function TeamPage() {
  const me = await requireStaff('admin');
  const db = await getDb();
  const [members, withTwoStep, policy] = await Promise.all([
    listStaff(db),
    membersWithSecondFactor(db),
    secondFactorPolicy(db),
  ]);
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader
        title="Team"
        description="Viewers read; operators also modify and cancel reservations and edit allocations; admins also edit entities and the team."
      />
      <Card>
        <TeamManager
          members={members.map((m) => ({ ...m, twoStep: withTwoStep.has(m.id) }))}
          currentId={me.id}
          sso={getConfig().oidc?.name ?? null}
        />
      </Card>
      <Card>
        <h2 className="text-sm font-semibold text-slate-900">Two-step sign-in</h2>
        <p className="mt-1 mb-4 text-sm text-slate-500">
          Who must sign in with a code from an authenticator app besides the password. A member without one is sent to
          set it up before anything else.
        </p>
        <TwoStepPolicy policy={policy} />
      </Card>
    </div>
  );
}
