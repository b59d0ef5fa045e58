import type { Metadata } from 'next';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { FieldList } from '@/components/ui/field-list';
import { formatUtc } from '@/components/ui/format';
import { getApiClient } from '@/lib/server/guestbook';
import { readApi } from '@/lib/server/read';
import { requireStaff } from '@/lib/server/session';

export const metadata: Metadata = { title: 'Identity' };

const Mono = ({ children }: { children: string }) => <code className="break-all font-mono text-xs">{children}</code>;
const IdList = ({ ids }: { ids: string[] | undefined }) =>
  ids && ids.length ? (
    <ul className="space-y-0.5">
      {ids.map((id) => (
        <li key={id}>
          <Mono>{id}</Mono>
        </li>
      ))}
    </ul>
  ) : (
    <span className="text-slate-400">none</span>
  );

export default async function IdentityPage() {
  await requireStaff('viewer');
  const me = await readApi(() => getApiClient().getMe());
  if (!me.ok) return <ErrorState title="The identity could not be read" message={me.error} />;
  const i = me.data;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <h1 className="text-xl font-semibold text-slate-900">Identity</h1>
        <p className="mt-1 text-sm text-slate-500">Every field of GET /v2/identities/me for the dashboard&apos;s credentials.</p>
      </div>
      <Card title={i.name}>
        <FieldList
          fields={[
            { label: 'Id', value: <Mono>{i.id}</Mono> },
            { label: 'Type', value: <Badge tone="violet">{i.type}</Badge> },
            { label: 'Name', value: i.name },
            { label: 'Client id', value: <Mono>{i.client_id}</Mono> },
            { label: 'Status', value: <Badge tone={i.status === 'active' ? 'green' : 'red'}>{i.status}</Badge>, testId: 'identity-status' },
            { label: 'Default entity', value: <Mono>{i.default_entity_id}</Mono> },
            { label: 'Associated entities (active)', value: <IdList ids={i.associated_entity_ids} /> },
            i.type === 'partner'
              ? { label: 'Delegated identities', value: <IdList ids={i.delegated_identity_ids} /> }
              : { label: 'Parent identity', value: i.parent_identity_id ? <Mono>{i.parent_identity_id}</Mono> : '—' },
            { label: 'Suspension source', value: i.suspension_source ?? '—' },
            { label: 'Suspended at', value: formatUtc(i.suspended_at) },
            { label: 'Created', value: formatUtc(i.created_at) },
            { label: 'Updated', value: formatUtc(i.updated_at) },
          ]}
        />
      </Card>
    </div>
  );
}
