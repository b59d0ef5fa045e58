import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { oldestAsOf, readApi } from '@/lib/server/api';
import { requireStaff } from '@/lib/server/auth';
import { knownPrograms, listEntities } from '@/lib/server/directory';

import { EntityForm } from '../entity-form';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('entities');
  return { title: t('new.metaTitle') };
}

export default async function NewEntityPage() {
  await requireStaff('admin');
  const [entities, t] = await Promise.all([readApi(listEntities), getTranslations('entities')]);
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <PageHeader
        asOf={oldestAsOf(entities)}
        trail={[{ href: '/entities', label: t('trail.entities') }]}
        title={t('new.title')}
        description={t('new.description')}
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
