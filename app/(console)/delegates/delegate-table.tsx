'use client';

import Link from 'next/link';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';

interface DelegateRow {
  id: string;
  name: string;
  clientId: string;
  status: 'active' | 'suspended';
  suspensionSource: 'self' | 'parent' | null;
  entityCount: number;
}

/** The current page of delegates, with a search that narrows it without another API call. */
export function DelegateTable({ delegates }: { delegates: DelegateRow[] }) {
  const [query, setQuery] = useState('');
  const q = query.trim().toLowerCase();
  const shown = q ? delegates.filter((d) => `${d.name} ${d.clientId} ${d.id}`.toLowerCase().includes(q)) : delegates;
  return (
    <div className="space-y-3">
      <label className="block max-w-xs text-xs font-medium text-slate-600">
        Search this page
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Name or client id"
          className="mt-1 block w-full rounded-md border-0 px-3 py-1.5 text-sm ring-1 ring-inset ring-slate-300"
        />
      </label>
      {delegates.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-500">This partner manages no delegates.</p>
      ) : shown.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-500">No delegate on this page matches “{query}”.</p>
      ) : (
        <table className="w-full text-left text-sm" data-testid="delegate-table">
          <thead className="text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th className="py-2 font-medium">Name</th>
              <th className="py-2 font-medium">Client id</th>
              <th className="py-2 font-medium">Entities</th>
              <th className="py-2 font-medium">Status</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {shown.map((d) => (
              <tr key={d.id} data-testid="delegate-row">
                <td className="py-2.5">
                  <Link href={`/delegates/${d.id}`} className="font-medium text-brand-700 hover:underline">
                    {d.name}
                  </Link>
                </td>
                <td className="py-2.5 font-mono text-xs">{d.clientId}</td>
                <td className="py-2.5">{d.entityCount}</td>
                <td className="py-2.5">
                  {d.status === 'active' ? (
                    <Badge tone="green">active</Badge>
                  ) : (
                    <Badge tone="red">suspended{d.suspensionSource ? ` (${d.suspensionSource})` : ''}</Badge>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
