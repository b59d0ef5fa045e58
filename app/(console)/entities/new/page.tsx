import type { Metadata } from 'next';

import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { oldestAsOf, readApi } from '@/lib/server/api';
import { requireStaff } from '@/lib/server/auth';
import { knownPrograms, listEntities } from '@/lib/server/directory';

import { EntityForm } from '../entity-form';

export const metadata: Metadata = { title: 'New entity' };

export default async function NewEntityPage() {
  await requireStaff('admin');
  const entities = await readApi(listEntities);
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <PageHeader
        asOf={oldestAsOf(entities)}
        trail={[{ href: '/entities', label: 'Entities' }]}
        title="New entity"
        description="A brand or channel of the partner; the API assigns it to these credentials."
      />
      <Card>
        <EntityForm
          defaults={{ name: '', default_locale: 'en-US', default_program_id: '' }}
          programs={entities.ok ? knownPrograms(entities.data) : []}
        />
      </Card>
    </div>
  );
}
