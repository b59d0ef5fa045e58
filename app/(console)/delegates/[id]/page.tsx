import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { z } from 'zod';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { FieldList } from '@/components/ui/field-list';
import { formatUtc } from '@/components/ui/format';
import { getDelegate } from '@/lib/server/directory';
import { listEntityChoices } from '@/lib/server/entity-context';
import { readApi } from '@/lib/server/read';
import { requireStaff } from '@/lib/server/session';

export const metadata: Metadata = { title: 'Delegate' };

export default async function DelegatePage({ params }: { params: Promise<{ id: string }> }) {
  await requireStaff('viewer');
  const { id } = await params;
  if (!z.guid().safeParse(id).success) notFound();
  const result = await readApi(() => getDelegate(id));
  if (!result.ok) return <ErrorState title="The delegate could not be read" message={result.error} />;
  const d = result.data;
  if (!d) notFound();
  const entities = await readApi(listEntityChoices);
  const nameOf = new Map(entities.ok ? entities.data.map((e) => [e.id, e.name]) : []);

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <Link href="/delegates" className="text-sm text-brand-700 hover:underline">
          ← Delegates
        </Link>
        <div className="mt-2 flex items-center gap-3">
          <h1 className="text-xl font-semibold text-slate-900" data-testid="delegate-name">
            {d.name}
          </h1>
          <Badge tone={d.status === 'active' ? 'green' : 'red'}>{d.status}</Badge>
        </div>
      </div>
      <Card title="Delegate identity">
        <FieldList
          fields={[
            { label: 'Id', value: <code className="font-mono text-xs">{d.id}</code> },
            { label: 'Client id', value: <code className="font-mono text-xs">{d.client_id}</code> },
            { label: 'Status', value: d.status, testId: 'delegate-status' },
            { label: 'Suspension source', value: d.suspension_source ?? '—', testId: 'delegate-suspension-source' },
            { label: 'Suspended at', value: formatUtc(d.suspended_at) },
            { label: 'Default entity', value: nameOf.get(d.default_entity_id) ?? <code className="font-mono text-xs">{d.default_entity_id}</code> },
            { label: 'Created', value: formatUtc(d.created_at) },
            { label: 'Updated', value: formatUtc(d.updated_at) },
          ]}
        />
      </Card>
      <Card title={`Entities (${d.associated_entity_ids.length})`}>
        {d.associated_entity_ids.length === 0 ? (
          <p className="text-sm text-slate-500">No active entity is associated with this delegate.</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm" data-testid="delegate-entities">
            {d.associated_entity_ids.map((eid) => (
              <li key={eid} className="flex justify-between py-2">
                <span>{nameOf.get(eid) ?? 'Not assigned to the partner credentials'}</span>
                <code className="font-mono text-xs text-slate-500">{eid}</code>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
