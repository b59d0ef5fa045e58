import type { Metadata } from 'next';

import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { FieldList } from '@/components/ui/field-list';
import { Link } from '@/components/ui/link';
import { OtherFields } from '@/components/ui/other-fields';
import { PageHeader } from '@/components/ui/page-header';
import { listAll } from '@/lib/guestbook/client';
import { Identity } from '@/lib/guestbook/schemas';
import { getApiClient, oldestAsOf, readApi } from '@/lib/server/api';
import { requireStaff } from '@/lib/server/auth';
import { getIdentity, listEntityChoices } from '@/lib/server/directory';
import { getFormatter } from '@/lib/server/http';

export const metadata: Metadata = { title: 'Identity' };

const Mono = ({ children }: { children: string }) => <code className="break-all font-mono text-xs">{children}</code>;
/** Ids with the names the API gives them, linked to their pages; an id the dashboard cannot name stays raw. */
const IdList = ({
  ids,
  names,
  href,
}: {
  ids: string[] | undefined;
  names: Map<string, string>;
  href: (id: string) => string;
}) =>
  ids && ids.length ? (
    <ul className="space-y-1">
      {ids.map((id) => (
        <li key={id}>
          {names.has(id) ? (
            <Link href={href(id)} className="font-medium text-brand-700 hover:underline">
              {names.get(id)}
            </Link>
          ) : null}{' '}
          <span className="block text-slate-500">
            <Mono>{id}</Mono>
          </span>
        </li>
      ))}
    </ul>
  ) : (
    <span className="text-slate-500">none</span>
  );

export default async function IdentityPage() {
  await requireStaff('viewer');
  const [me, entities, delegates, format] = await Promise.all([
    readApi(getIdentity),
    readApi(listEntityChoices),
    readApi(() => listAll((page) => getApiClient().listDelegates({ page, limit: 100 }), 1_000)),
    getFormatter(),
  ]);
  if (!me.ok) return <ErrorState title="The identity could not be read" message={me.error} />;
  const i = me.data;
  const entityNames = new Map(entities.ok ? entities.data.map((e) => [e.id, e.name]) : []);
  const delegateNames = new Map(delegates.ok ? delegates.data.map((d) => [d.id, d.name]) : []);
  const entityHref = (id: string) => `/entities/${id}`;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader
        asOf={oldestAsOf(me, entities, delegates)}
        title="Identity"
        description="Every field of GET /v2/identities/me for the dashboard’s credentials."
      />
      <Card title={<span data-testid="identity-name">{i.name}</span>}>
        <FieldList
          fields={[
            { label: 'Id', value: <Mono>{i.id}</Mono> },
            { label: 'Type', value: <Badge tone="accent">{i.type}</Badge> },
            { label: 'Name', value: i.name },
            { label: 'Client id', value: <Mono>{i.client_id}</Mono>, testId: 'identity-client-id' },
            {
              label: 'Status',
              value: <Badge tone={i.status === 'active' ? 'success' : 'danger'}>{i.status}</Badge>,
              testId: 'identity-status',
            },
            {
              label: 'Default entity',
              value: <IdList ids={[i.default_entity_id]} names={entityNames} href={entityHref} />,
              testId: 'identity-default-entity',
            },
            {
              label: 'Associated entities (active)',
              value: <IdList ids={i.associated_entity_ids} names={entityNames} href={entityHref} />,
            },
            i.type === 'partner'
              ? {
                  label: 'Delegated identities',
                  value: (
                    <IdList ids={i.delegated_identity_ids} names={delegateNames} href={(id) => `/delegates/${id}`} />
                  ),
                  testId: 'identity-delegates',
                }
              : { label: 'Parent identity', value: i.parent_identity_id ? <Mono>{i.parent_identity_id}</Mono> : '—' },
            { label: 'Suspension source', value: i.suspension_source ?? '—' },
            { label: 'Suspended at', value: format.dateTime(i.suspended_at, 'UTC') },
            { label: 'Created', value: format.dateTime(i.created_at, 'UTC') },
            { label: 'Updated', value: format.dateTime(i.updated_at, 'UTC') },
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
