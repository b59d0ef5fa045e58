import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { FieldList } from '@/components/ui/field-list';
import { Link } from '@/components/ui/link';
import { ShownId } from '@/components/ui/named-id';
import { OtherFields } from '@/components/ui/other-fields';
import { PageHeader } from '@/components/ui/page-header';
import { Identity } from '@/lib/guestbook/schemas';
import { oldestAsOf, readApi } from '@/lib/server/api';
import { requireStaff } from '@/lib/server/auth';
import { allDelegates, getIdentity, listEntityChoices } from '@/lib/server/directory';
import { getFormatter } from '@/lib/server/http';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('identity');
  return { title: t('metaTitle') };
}

const Mono = ({ children }: { children: string }) => <code className="break-all font-mono text-xs">{children}</code>;
/** Ids with the names the API gives them, linked to their pages; an id the dashboard cannot name stays raw. */
const IdList = ({
  ids,
  names,
  href,
  none,
}: {
  ids: string[] | undefined;
  names: Map<string, string>;
  href: (id: string) => string;
  /** what shows where there is no id */
  none: string;
}) =>
  ids && ids.length ? (
    <ul className="space-y-1">
      {ids.map((id) => (
        <li key={id}>
          {names.has(id) ? (
            <Link href={href(id)} title={id} className="font-medium text-brand-700 hover:underline">
              {names.get(id)}
            </Link>
          ) : (
            <ShownId id={id} />
          )}
        </li>
      ))}
    </ul>
  ) : (
    <span className="text-slate-500">{none}</span>
  );

export default async function IdentityPage() {
  await requireStaff('viewer');
  const [me, entities, delegates, format, t] = await Promise.all([
    readApi(getIdentity),
    readApi(listEntityChoices),
    readApi(allDelegates),
    getFormatter(),
    getTranslations('identity'),
  ]);
  if (!me.ok) return <ErrorState title={t('error')} message={me.error} />;
  const i = me.data;
  const entityNames = new Map(entities.ok ? entities.data.map((e) => [e.id, e.name]) : []);
  const delegateNames = new Map(delegates.ok ? delegates.data.map((d) => [d.id, d.name]) : []);
  const entityHref = (id: string) => `/entities/${id}`;
  const none = t('none');
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader asOf={oldestAsOf(me, entities, delegates)} title={t('title')} description={t('description')} />
      <Card title={<span data-testid="identity-name">{i.name}</span>}>
        <FieldList
          fields={[
            { label: t('fields.id'), value: <ShownId id={i.id} /> },
            { label: t('fields.type'), value: <Badge tone="accent">{t('type', { type: i.type })}</Badge> },
            { label: t('fields.name'), value: i.name },
            { label: t('fields.clientId'), value: <Mono>{i.client_id}</Mono>, testId: 'identity-client-id' },
            {
              label: t('fields.status'),
              value: (
                <Badge tone={i.status === 'active' ? 'success' : 'danger'}>{t('status', { status: i.status })}</Badge>
              ),
              testId: 'identity-status',
            },
            {
              label: t('fields.defaultEntity'),
              value: <IdList ids={[i.default_entity_id]} names={entityNames} href={entityHref} none={none} />,
              testId: 'identity-default-entity',
            },
            {
              label: t('fields.associatedEntities'),
              value: <IdList ids={i.associated_entity_ids} names={entityNames} href={entityHref} none={none} />,
            },
            i.type === 'partner'
              ? {
                  label: t('fields.delegatedIdentities'),
                  value: (
                    <IdList
                      ids={i.delegated_identity_ids}
                      names={delegateNames}
                      href={(id) => `/delegates/${id}`}
                      none={none}
                    />
                  ),
                  testId: 'identity-delegates',
                }
              : {
                  label: t('fields.parentIdentity'),
                  value: i.parent_identity_id ? <ShownId id={i.parent_identity_id} /> : '—',
                },
            {
              label: t('fields.suspensionSource'),
              value: i.suspension_source ? t('suspensionSource', { source: i.suspension_source }) : '—',
            },
            { label: t('fields.suspendedAt'), value: format.moment(i.suspended_at) },
            { label: t('fields.created'), value: format.moment(i.created_at) },
            { label: t('fields.updated'), value: format.moment(i.updated_at) },
          ]}
        />
      </Card>
      <OtherFields
        fields={Object.fromEntries(Object.entries(i).filter(([k]) => !(k in Identity.shape)))}
        testId="identity-other-fields"
      />
    </div>
  );
}
