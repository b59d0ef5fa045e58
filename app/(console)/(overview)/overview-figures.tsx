import { FiguresHead } from '@/components/overview/figures-head';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Link } from '@/components/ui/link';
import type { ReadResult } from '@/lib/server/api';
import type { Overview } from '@/lib/server/overview';

/** Names linked to their pages, separated by commas, or "none". */
function NamedLinks({ items, href }: { items: { id: string; name: string }[]; href: (id: string) => string }) {
  if (!items.length) return <span className="text-slate-500">none</span>;
  return items.map((item, i) => (
    <span key={item.id}>
      {i > 0 && ', '}
      <Link href={href(item.id)} className="text-brand-700 hover:underline">
        {item.name}
      </Link>
    </span>
  ));
}

const percent = (share: number) => `${Math.round(share * 100)} %`;

/** The allocations and what needs attention, side by side. */
export async function FiguresSection({ overview }: { overview: Promise<ReadResult<Overview>> }) {
  const result = await overview;
  if (!result.ok) return null;
  const o = result.data;
  const a = o.allocations;
  const budgetUsed = o.attention.budget ? o.attention.budget.limit - o.attention.budget.remaining : null;
  const partner = o.scope === 'partner';
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card
        title="Allocations"
        actions={
          <Link href="/allocations" className="text-sm text-brand-700 hover:underline">
            Open the grid
          </Link>
        }
      >
        {a.byVenue.length ? (
          <div className="space-y-4">
            <table className="w-full text-left text-sm">
              <FiguresHead columns={['Venue', 'Allocated / total', 'Unallocated']} />
              <tbody className="divide-y divide-slate-100">
                {a.byVenue.map((v) => (
                  <tr key={v.venueId} data-testid={`allocation-venue-${v.venueId}`}>
                    <th scope="row" className="py-1.5 font-normal">
                      <Link href={`/allocations?venue=${v.venueId}`} className="text-brand-700 hover:underline">
                        {v.venueName}
                      </Link>
                    </th>
                    <td className="py-1.5 text-right tabular-nums">
                      <span data-testid="allocated">{v.allocated}</span> / {v.total}
                    </td>
                    <td className="py-1.5 text-right tabular-nums">{v.unallocated}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <div className="grid gap-4 sm:grid-cols-2">
              {(
                [
                  ['Fullest', a.fullest],
                  ['Emptiest', a.emptiest],
                ] as const
              ).map(([label, list]) => (
                <div key={label}>
                  <h3 className="text-xs font-medium uppercase tracking-wide text-slate-500">{label} commitments</h3>
                  <ul className="mt-1 space-y-1 text-sm">
                    {list.map((c) => (
                      <li key={c.id} className="flex justify-between gap-2">
                        <span className="truncate">{c.venueName}</span>
                        <span className="shrink-0 tabular-nums text-slate-600">
                          {c.allocated}/{c.total} · {percent(c.share)}
                        </span>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </div>
            {a.endedAgreements.length > 0 && (
              <p className="text-sm text-slate-600" data-testid="ended-agreements">
                {a.endedAgreements
                  .map((e) => `${e.commitments} commitment${e.commitments === 1 ? '' : 's'} (${e.seats} seats)`)
                  .join(', ')}{' '}
                under {a.endedAgreements.length === 1 ? 'an agreement that ended' : 'agreements that ended'}; see them
                in the{' '}
                <Link href="/allocations?status=ended" className="text-brand-700 hover:underline">
                  grid
                </Link>
                .
              </p>
            )}
          </div>
        ) : (
          <p className="text-sm text-slate-500">
            {partner
              ? 'No entity of the partner holds an assigned commitment.'
              : o.entity
                ? `${o.entity.name} holds no assigned commitment.`
                : 'No entity is selected.'}
          </p>
        )}
      </Card>

      <Card title="Needs attention">
        <ul className="space-y-3 text-sm" data-testid="attention">
          <li>
            <span className="font-medium text-slate-800">Suspended delegates: </span>
            <NamedLinks items={o.attention.suspendedDelegates} href={(id) => `/delegates/${id}`} />
          </li>
          <li>
            <span className="font-medium text-slate-800">Entities not yet provisioned (no organization): </span>
            <NamedLinks items={o.attention.unprovisionedEntities} href={(id) => `/entities/${id}`} />
          </li>
          <li>
            <span className="font-medium text-slate-800">API requests this minute: </span>
            {o.attention.budget && budgetUsed !== null ? (
              <>
                <span className="tabular-nums">
                  {budgetUsed} of {o.attention.budget.limit}
                </span>{' '}
                {budgetUsed > o.attention.budget.limit * 0.66 && (
                  <Badge tone="warning">busy: recent answers are served</Badge>
                )}
              </>
            ) : (
              <span className="text-slate-500">no request yet</span>
            )}
          </li>
          <li>
            <span className="font-medium text-slate-800">Failed allocation applies, last 7 days: </span>
            <Link
              href="/activity?action=apply-allocation&result=failed"
              className="tabular-nums text-brand-700 hover:underline"
              data-testid="failed-applies"
            >
              {o.attention.failedAppliesThisWeek}
            </Link>
          </li>
        </ul>
      </Card>
    </div>
  );
}
