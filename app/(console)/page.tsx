import type { Metadata } from 'next';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { FieldList } from '@/components/ui/field-list';
import { listEntityChoices } from '@/lib/server/entity-context';
import { getPartnerOverview } from '@/lib/server/partner';
import { readApi } from '@/lib/server/read';
import { requireStaff } from '@/lib/server/session';

export const metadata: Metadata = { title: 'Overview' };

const formatTime = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso)) + ' UTC';

export default async function OverviewPage() {
  await requireStaff();
  const [partner, entities] = await Promise.all([readApi(getPartnerOverview), readApi(listEntityChoices)]);
  const entityName = (id: string) => (entities.ok ? entities.data.find((e) => e.id === id)?.name : undefined);
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <h1 className="text-xl font-semibold text-slate-900">Overview</h1>
        <p className="mt-1 text-sm text-slate-500">The partner identity these credentials act as, read from GET /v2/identities/me.</p>
      </div>
      {partner.ok ? (
        <Card title="Partner identity">
          <div className="mb-5 flex flex-wrap items-center gap-3">
            <h2 className="text-lg font-semibold text-slate-900" data-testid="identity-name">
              {partner.data.name}
            </h2>
            <Badge tone="violet">{partner.data.type}</Badge>
            <Badge tone={partner.data.status === 'active' ? 'green' : 'red'}>{partner.data.status}</Badge>
          </div>
          <FieldList
            fields={[
              { label: 'Client id', value: <code className="font-mono text-xs">{partner.data.clientId}</code>, testId: 'identity-client-id' },
              {
                label: 'Default entity',
                value: (
                  <span data-testid="identity-default-entity">
                    {entityName(partner.data.defaultEntityId) ?? 'Unknown entity'}{' '}
                    <code className="block font-mono text-xs text-slate-500">{partner.data.defaultEntityId}</code>
                  </span>
                ),
              },
              { label: 'Delegates', value: partner.data.delegateCount, testId: 'identity-delegate-count' },
              { label: 'Active entities', value: partner.data.associatedEntityCount },
              { label: 'Identity id', value: <code className="font-mono text-xs">{partner.data.id}</code> },
              { label: 'Created', value: formatTime(partner.data.createdAt) },
            ]}
          />
        </Card>
      ) : (
        <ErrorState title="The partner identity could not be read" message={partner.error} />
      )}
    </div>
  );
}
