import type { Metadata } from 'next';
import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { ErrorState } from '@/components/ui/error-state';
import { LOCALES } from '@/lib/guestbook/locales';
import { knownPrograms, listEntities } from '@/lib/server/entities';
import { readApi } from '@/lib/server/read';
import { hasRole } from '@/lib/server/roles';
import { requireStaff } from '@/lib/server/session';

export const metadata: Metadata = { title: 'Entities' };

export default async function EntitiesPage() {
  const staff = await requireStaff('viewer');
  const entities = await readApi(listEntities);
  const programName = new Map(entities.ok ? knownPrograms(entities.data).map((p) => [p.id, p.name]) : []);
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex items-end justify-between gap-4">
        <div>
          <h1 className="text-xl font-semibold text-slate-900">Entities</h1>
          <p className="mt-1 text-sm text-slate-500">The brands and channels assigned to these credentials (GET /v2/entities).</p>
        </div>
        {hasRole(staff.role, 'admin') && (
          <Link href="/entities/new" className="rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white shadow-sm hover:bg-brand-700">
            New entity
          </Link>
        )}
      </div>
      {!entities.ok ? (
        <ErrorState title="Entities could not be listed" message={entities.error} />
      ) : entities.data.length === 0 ? (
        <p className="rounded-lg bg-white py-10 text-center text-sm text-slate-500 ring-1 ring-slate-200">No entities are assigned to these credentials.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg bg-white px-5 py-4 shadow-sm ring-1 ring-slate-200">
          <table className="w-full text-left text-sm" data-testid="entity-table">
            <thead className="text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th className="py-2 font-medium">Entity</th>
                <th className="py-2 font-medium">Organization</th>
                <th className="py-2 font-medium">Default program</th>
                <th className="py-2 font-medium">Default locale</th>
                <th className="py-2 text-right font-medium">Programs</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {entities.data.map((e) => (
                <tr key={e.id} data-testid="entity-row">
                  <td className="py-2.5">
                    <Link href={`/entities/${e.id}`} className="font-medium text-brand-700 hover:underline">
                      {e.name}
                    </Link>
                  </td>
                  <td className="py-2.5">
                    {e.org_id ? (
                      <Badge tone="green" title={e.org_id}>org-bound</Badge>
                    ) : (
                      <Badge tone="amber" title="org_id is null: requests use the deprecated X-Entity-Id header">not yet provisioned</Badge>
                    )}
                  </td>
                  <td className="py-2.5">{e.default_program_id ? (programName.get(e.default_program_id) ?? e.default_program_id) : '—'}</td>
                  <td className="py-2.5">{LOCALES[e.default_locale]}</td>
                  <td className="py-2.5 text-right tabular-nums">{e.programs.length}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
