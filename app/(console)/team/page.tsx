import type { Metadata } from 'next';

import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { listStaff, requireStaff } from '@/lib/server/auth';
import { getDb } from '@/lib/server/db';

import { TeamManager } from './team-manager';

export const metadata: Metadata = { title: 'Team' };

export default async function TeamPage() {
  const me = await requireStaff('admin');
  const members = await listStaff(await getDb());
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader
        title="Team"
        description="Viewers read; operators also modify and cancel reservations and edit allocations; admins also edit entities and the team."
      />
      <Card>
        <TeamManager members={members} currentId={me.id} />
      </Card>
    </div>
  );
}
