import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';

import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Link } from '@/components/ui/link';
import { PageHeader } from '@/components/ui/page-header';
import { hasRole } from '@/lib/auth/roles';
import { localeName } from '@/lib/guestbook/locales';
import { oldestAsOf, readApi } from '@/lib/server/api';
import { requireStaff } from '@/lib/server/auth';
import { knownPrograms, listEntities } from '@/lib/server/directory';

import { EntityTable } from './entity-table';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('entities');
  return { title: t('metaTitle') };
}

export default async function EntitiesPage() {
  const staff = await requireStaff('viewer');
  const [entities, t, uiLocale] = await Promise.all([readApi(listEntities), getTranslations('entities'), getLocale()]);
  const programName = new Map(entities.ok ? knownPrograms(entities.data).map((p) => [p.id, p.name]) : []);
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeader
        asOf={oldestAsOf(entities)}
        title={t('title')}
        description={t('description')}
        actions={
          hasRole(staff.role, 'admin') && (
            <Link href="/entities/new" className={buttonVariants()}>
              {t('newEntity')}
            </Link>
          )
        }
      />
      {entities.ok ? (
        <Card>
          <EntityTable
            entities={entities.data.map((e) => ({
              id: e.id,
              name: e.name,
              orgId: e.org_id ?? null,
              defaultProgram: e.default_program_id
                ? (programName.get(e.default_program_id) ?? e.default_program_id)
                : null,
              defaultLocale: localeName(e.default_locale, uiLocale),
              programs: e.programs.length,
            }))}
          />
        </Card>
      ) : (
        <ErrorState title={t('listError')} message={entities.error} />
      )}
    </div>
  );
}
