import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { z } from 'zod';

import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { FieldList } from '@/components/ui/field-list';
import { Link } from '@/components/ui/link';
import { NamedId, ShownId } from '@/components/ui/named-id';
import { OtherFields } from '@/components/ui/other-fields';
import { PageHeader } from '@/components/ui/page-header';
import { Identity } from '@/lib/guestbook/schemas';
import { oldestAsOf, readApi } from '@/lib/server/api';
import { requireStaff } from '@/lib/server/auth';
import { getDelegate, getIdentity, listEntityChoices } from '@/lib/server/directory';
import { getFormatter } from '@/lib/server/http';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('delegates');
  return { title: t('detail.metaTitle') };
}

export default async function DelegatePage({ params }: { params: Promise<{ id: string }> }) {
  await requireStaff('viewer');
  const { id } = await params;
  if (!z.guid().safeParse(id).success) notFound();
  const [result, entities, partner, format, t] = await Promise.all([
    readApi(() => getDelegate(id)),
    readApi(listEntityChoices),
    readApi(getIdentity),
    getFormatter(),
    getTranslations('delegates'),
  ]);
  if (!result.ok) return <ErrorState title={t('detail.error')} message={result.error} />;
  const d = result.data;
  if (!d) notFound();
  const nameOf = new Map(entities.ok ? entities.data.map((e) => [e.id, e.name]) : []);
  const parentName = partner.ok && partner.data.id === d.parent_identity_id ? partner.data.name : undefined;
  const known = new Set(Object.keys(Identity.shape));
  const other = Object.fromEntries(Object.entries(d).filter(([k]) => !known.has(k)));

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader
        asOf={oldestAsOf(result, entities, partner)}
        trail={[{ href: '/delegates', label: t('title') }]}
        title={
          <span className="flex flex-wrap items-center gap-3">
            <span data-testid="delegate-name">{d.name}</span>
            <Badge tone={d.status === 'active' ? 'success' : 'danger'}>
              {t('detail.status', { status: d.status })}
            </Badge>
          </span>
        }
      />
      <Card title={t('detail.card')}>
        <FieldList
          fields={[
            { label: t('detail.fields.id'), value: <NamedId id={d.id} /> },
            {
              label: t('detail.fields.type'),
              value: <Badge tone="accent">{t('detail.type', { type: d.type })}</Badge>,
            },
            {
              label: t('detail.fields.clientId'),
              value: <code className="font-mono text-xs break-all">{d.client_id}</code>,
            },
            {
              label: t('detail.fields.status'),
              value: t('detail.status', { status: d.status }),
              testId: 'delegate-status',
            },
            {
              label: t('detail.fields.parentIdentity'),
              value: parentName ? (
                <Link href="/identity" className="text-brand-700 hover:underline">
                  <NamedId name={parentName} id={d.parent_identity_id} />
                </Link>
              ) : (
                <NamedId id={d.parent_identity_id} />
              ),
              testId: 'delegate-parent',
            },
            {
              label: t('detail.fields.suspensionSource'),
              value: d.suspension_source ? t('detail.suspensionSource', { source: d.suspension_source }) : '—',
              testId: 'delegate-suspension-source',
            },
            { label: t('detail.fields.suspendedAt'), value: format.moment(d.suspended_at) },
            {
              label: t('detail.fields.defaultEntity'),
              value: <NamedId name={nameOf.get(d.default_entity_id)} id={d.default_entity_id} />,
            },
            { label: t('detail.fields.created'), value: format.moment(d.created_at) },
            { label: t('detail.fields.updated'), value: format.moment(d.updated_at) },
          ]}
        />
      </Card>
      <Card title={t('detail.entities', { count: d.associated_entity_ids.length })}>
        {d.associated_entity_ids.length === 0 ? (
          <p className="text-sm text-slate-500">{t('detail.noEntities')}</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm" data-testid="delegate-entities">
            {d.associated_entity_ids.map((eid) => (
              <li key={eid} className="flex flex-wrap justify-between gap-x-4 py-2">
                {nameOf.has(eid) ? (
                  <Link href={`/entities/${eid}?via=${d.id}`} title={eid} className="text-brand-700 hover:underline">
                    {nameOf.get(eid)}
                  </Link>
                ) : (
                  <>
                    <span>{t('detail.notAssigned')}</span>
                    <ShownId id={eid} />
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <OtherFields fields={other} testId="delegate-other-fields" />
    </div>
  );
}
