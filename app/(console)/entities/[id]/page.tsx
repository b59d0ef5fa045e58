import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { z } from 'zod';

import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { FieldList } from '@/components/ui/field-list';
import { NamedId } from '@/components/ui/named-id';
import { OtherFields } from '@/components/ui/other-fields';
import { PageHeader } from '@/components/ui/page-header';
import { hasRole } from '@/lib/auth/roles';
import { localeName } from '@/lib/guestbook/locales';
import { LOGO_MAX_MEGABYTES, LOGO_MAX_SIDE } from '@/lib/guestbook/logo';
import { oldestAsOf, readApi } from '@/lib/server/api';
import { requireStaff } from '@/lib/server/auth';
import { getDelegate, knownPrograms, listEntities, otherFields, viewEntity } from '@/lib/server/directory';
import { getFormatter, type SearchParams } from '@/lib/server/http';

import { HistoryLink } from '../../activity/history-link';
import { EntityForm } from '../entity-form';
import { LogoChooseButton } from './logo-parts';
import { LogoUploader } from './logo-uploader';
import { ProgramsEditor } from './programs-editor';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('entities');
  return { title: t('detail.metaTitle') };
}

/**
 * An entity, with its form, logo and programs. Opened from a delegate's page (`?via=<delegate
 * id>`), its breadcrumb trail goes through that delegate, when the delegate is associated with it.
 */
export default async function EntityPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: SearchParams;
}) {
  const staff = await requireStaff('viewer');
  const { id } = await params;
  if (!z.guid().safeParse(id).success) notFound();
  const via = z.guid().safeParse((await searchParams).via);
  const [entity, all, format, delegate, t] = await Promise.all([
    readApi(() => viewEntity(id)),
    readApi(listEntities),
    getFormatter(),
    via.success ? readApi(() => getDelegate(via.data)) : null,
    getTranslations('entities'),
  ]);
  const through =
    delegate?.ok && delegate.data?.associated_entity_ids.includes(id)
      ? [
          { href: '/delegates', label: t('trail.delegates') },
          { href: `/delegates/${delegate.data.id}`, label: delegate.data.name },
        ]
      : [{ href: '/entities', label: t('trail.entities') }];
  if (!entity.ok) return <ErrorState title={t('detail.readError')} message={entity.error} />;
  const e = entity.data;
  if (!e) notFound();
  const programs = knownPrograms([...(all.ok ? all.data : []), e]);
  const programName = new Map(programs.map((p) => [p.id, p.name]));
  const admin = hasRole(staff.role, 'admin');
  const extra = otherFields(e);

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader
        asOf={oldestAsOf(entity, all)}
        trail={through}
        title={
          <span className="flex flex-wrap items-center gap-3">
            <span data-testid="entity-name">{e.name}</span>
            {e.org_id ? (
              <Badge tone="success">{t('detail.orgBoundToken')}</Badge>
            ) : (
              <Badge tone="warning">{t('detail.legacyContext')}</Badge>
            )}
          </span>
        }
        actions={<HistoryLink id={e.id} />}
      />

      <Card title={t('detail.details')}>
        <FieldList
          fields={[
            { label: t('detail.fields.id'), value: <NamedId id={e.id} /> },
            {
              label: t('detail.fields.organization'),
              value: e.org_id ? (
                <code className="font-mono text-xs">{e.org_id}</code>
              ) : (
                t('detail.fields.notProvisioned')
              ),
              testId: 'entity-org',
            },
            {
              label: t('detail.fields.defaultLocale'),
              value: `${localeName(e.default_locale, await getLocale())} (${e.default_locale})`,
              testId: 'entity-locale',
            },
            {
              label: t('detail.fields.defaultProgram'),
              value: e.default_program_id ? (programName.get(e.default_program_id) ?? e.default_program_id) : '—',
            },
            { label: t('detail.fields.created'), value: format.moment(e.created_at) },
            { label: t('detail.fields.updated'), value: format.moment(e.updated_at) },
          ]}
        />
      </Card>

      {admin && (
        <Card title={t('detail.edit')}>
          <EntityForm
            entityId={e.id}
            defaults={{
              name: e.name,
              default_locale: e.default_locale,
              default_program_id: e.default_program_id ?? '',
            }}
            programs={programs}
          />
        </Card>
      )}

      <Card title={t('detail.programsAssigned', { count: e.programs.length })}>
        {admin ? (
          <ProgramsEditor
            entityId={e.id}
            programs={programs.map((p) => {
              const assigned = e.programs.find((ep) => ep.program_id === p.id);
              return {
                id: p.id,
                name: p.name,
                assigned: !!assigned,
                unallocatedSeatAccess: assigned?.unallocated_seat_access ?? false,
              };
            })}
          />
        ) : e.programs.length === 0 ? (
          <p className="text-sm text-slate-500">{t('detail.noPrograms')}</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {e.programs.map((p) => (
              <li key={p.program_id} className="flex justify-between py-2">
                <span>{programName.get(p.program_id) ?? p.program_id}</span>
                <span className="text-slate-500">
                  {p.unallocated_seat_access ? t('detail.unallocatedAccess') : t('detail.allocatedOnly')}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card title={t('detail.logo')}>
        <LogoUploader
          entityId={e.id}
          canEdit={admin}
          dropHint={t.rich('logo.drop', {
            maxMegabytes: LOGO_MAX_MEGABYTES,
            maxSide: LOGO_MAX_SIDE,
            choose: (chunks) => <LogoChooseButton>{chunks}</LogoChooseButton>,
          })}
          logo={
            e.logo
              ? { url: e.logo.url, width: e.logo.width, height: e.logo.height, aspect_ratio: e.logo.aspect_ratio }
              : null
          }
        />
      </Card>

      <OtherFields fields={extra} testId="entity-other-fields" />
    </div>
  );
}
