import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { z } from 'zod';

import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { oldestAsOf, readApi } from '@/lib/server/api';
import { requireStaff } from '@/lib/server/auth';
import { getVenue, listVenueCommitments } from '@/lib/server/directory';

export const metadata: Metadata = { title: 'Venue' };

const DAY = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const STATUS_TONE = { assigned: 'success', unassigned: 'neutral', ended: 'warning' } as const;

export default async function VenuePage({ params }: { params: Promise<{ id: string }> }) {
  await requireStaff('viewer');
  const { id } = await params;
  if (!z.guid().safeParse(id).success) notFound();
  // Both reads start together: the commitments do not need the venue's answer.
  const [venue, commitments] = await Promise.all([
    readApi(() => getVenue(id)),
    readApi(() => listVenueCommitments(id)),
  ]);
  if (!venue.ok) return <ErrorState title="The venue could not be read" message={venue.error} />;
  const v = venue.data;
  if (!v) notFound();

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader
        asOf={oldestAsOf(venue, commitments)}
        trail={[{ href: '/venues', label: 'Venues' }]}
        title={<span data-testid="venue-name">{v.name}</span>}
        description={v.time_zone ? `Time zone ${v.time_zone}` : undefined}
      />
      <div className="grid gap-6 md:grid-cols-2">
        <Card title="Address">
          {v.address ? (
            <address className="text-sm not-italic" data-testid="venue-address">
              {v.address.line1}
              {v.address.line2 && <br />}
              {v.address.line2}
              {v.address.city && (
                <>
                  <br />
                  {[v.address.postal_code, v.address.city].filter(Boolean).join(' ')}
                </>
              )}
            </address>
          ) : (
            <p className="text-sm text-slate-500" data-testid="venue-address">
              No address is set for this venue.
            </p>
          )}
        </Card>
        <Card title={`Seating areas (${v.seating_areas?.length ?? 0})`}>
          {v.seating_areas?.length ? (
            <ul className="divide-y divide-slate-100 text-sm">
              {v.seating_areas.map((a) => (
                <li key={a.id} className="py-2">
                  <div className="font-medium">{a.name}</div>
                  <div className="text-slate-500">{a.description ?? 'No description'}</div>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-500">This venue has no seating areas.</p>
          )}
        </Card>
      </div>
      <Card title="Commitments">
        {!commitments.ok ? (
          <ErrorState message={commitments.error} />
        ) : 'refused' in commitments.data ? (
          <div className="space-y-3">
            <p className="text-sm text-amber-800">
              GET /v2/commitments was refused ({commitments.data.refused}). Showing the deprecated{' '}
              <code>seat_commitments</code> block of the venue instead.
            </p>
            <pre className="max-h-80 overflow-auto rounded bg-slate-50 p-3 text-xs">
              {JSON.stringify(v.seat_commitments ?? null, null, 2)}
            </pre>
          </div>
        ) : commitments.data.rows.length === 0 ? (
          <p className="text-sm text-slate-500">No commitments at this venue for the selected entity.</p>
        ) : (
          // Seven columns do not fit a phone: they scroll sideways in a region a keyboard user can focus.
          <div role="region" aria-label="Commitments at this venue" tabIndex={0} className="overflow-x-auto">
            <table
              className="w-full text-left text-sm [&_td]:px-2 [&_td:first-child]:pl-0 [&_th]:px-2 [&_th]:whitespace-nowrap [&_th:first-child]:pl-0"
              data-testid="venue-commitments"
            >
              <thead className="text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th className="py-2 font-medium">Days</th>
                  <th className="py-2 font-medium">Time</th>
                  <th className="py-2 font-medium">Status</th>
                  <th className="py-2 text-right font-medium">Total</th>
                  <th className="py-2 text-right font-medium">This entity</th>
                  <th className="py-2 text-right font-medium">Others</th>
                  <th className="py-2 text-right font-medium">Unallocated</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {commitments.data.rows.map((c) => (
                  <tr key={c.id}>
                    <td className="py-2">{c.days_of_week?.map((d) => DAY[d]).join(' ') ?? '—'}</td>
                    <td className="py-2 whitespace-nowrap">
                      {c.start_time && c.end_time ? `${c.start_time}–${c.end_time}` : '—'}
                    </td>
                    <td className="py-2">
                      <Badge tone={STATUS_TONE[c.assignment_status]}>{c.assignment_status}</Badge>
                    </td>
                    <td className="py-2 text-right tabular-nums">{c.total_seats}</td>
                    <td className="py-2 text-right tabular-nums">{c.entity_seats ?? '—'}</td>
                    <td className="py-2 text-right tabular-nums">{c.peer_seats}</td>
                    <td className="py-2 text-right tabular-nums">{c.unallocated_seats}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </div>
  );
}
