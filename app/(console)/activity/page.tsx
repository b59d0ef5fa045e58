import type { Metadata } from 'next';
import { z } from 'zod';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { listAudit } from '@/lib/server/audit';
import { requireStaff } from '@/lib/server/session';

export const metadata: Metadata = { title: 'Activity' };

const Filters = z.object({
  staff: z.string().trim().max(200).optional().catch(undefined),
  action: z.string().trim().max(100).optional().catch(undefined),
  result: z.enum(['ok', 'refused', 'failed']).optional().catch(undefined),
});

const RESULT_TONE = { ok: 'green', refused: 'amber', failed: 'red' } as const;
const formatTime = (d: Date) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' }).format(d);

export default async function ActivityPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireStaff('viewer');
  const raw = await searchParams;
  const filters = Filters.parse({ staff: raw.staff || undefined, action: raw.action || undefined, result: raw.result || undefined });
  const rows = await listAudit({ staffEmail: filters.staff?.toLowerCase(), action: filters.action, result: filters.result, limit: 200 });

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <h1 className="text-xl font-semibold text-slate-900">Activity</h1>
        <p className="mt-1 text-sm text-slate-500">Every change made through the dashboard: who, what, on which resource, before and after, and the result.</p>
      </div>
      <form method="get" className="flex flex-wrap items-end gap-3" role="search" aria-label="Filter activity">
        <label className="text-xs font-medium text-slate-600">
          Staff e-mail
          <input name="staff" defaultValue={filters.staff} className="mt-1 block rounded-md border-0 px-3 py-1.5 text-sm ring-1 ring-inset ring-slate-300" />
        </label>
        <label className="text-xs font-medium text-slate-600">
          Action
          <input name="action" defaultValue={filters.action} placeholder="e.g. add-staff-member" className="mt-1 block rounded-md border-0 px-3 py-1.5 text-sm ring-1 ring-inset ring-slate-300" />
        </label>
        <label className="text-xs font-medium text-slate-600">
          Result
          <select name="result" defaultValue={filters.result ?? ''} className="mt-1 block rounded-md border-0 py-1.5 pl-3 pr-8 text-sm ring-1 ring-inset ring-slate-300">
            <option value="">any</option>
            <option value="ok">ok</option>
            <option value="refused">refused</option>
            <option value="failed">failed</option>
          </select>
        </label>
        <button type="submit" className="rounded-md bg-white px-3 py-1.5 text-sm font-medium ring-1 ring-inset ring-slate-300 hover:bg-slate-50">
          Apply
        </button>
      </form>
      <Card>
        {rows.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-500" data-testid="activity-empty">
            No activity matches these filters.
          </p>
        ) : (
          <table className="w-full text-left text-sm" data-testid="activity-table">
            <thead className="text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th className="py-2 font-medium">When (UTC)</th>
                <th className="py-2 font-medium">Who</th>
                <th className="py-2 font-medium">Action</th>
                <th className="py-2 font-medium">Resource</th>
                <th className="py-2 font-medium">Result</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 align-top">
              {rows.map((r) => (
                <tr key={r.id} data-testid="activity-row">
                  <td className="whitespace-nowrap py-2 pr-3 text-slate-600">{formatTime(r.at)}</td>
                  <td className="py-2 pr-3">{r.staffEmail}</td>
                  <td className="py-2 pr-3 font-mono text-xs">{r.action}</td>
                  <td className="py-2 pr-3 text-xs text-slate-600">
                    {r.resourceType ? `${r.resourceType} ${r.resourceId ?? ''}` : '—'}
                    {r.entityId && <div>entity {r.entityId}</div>}
                    {(r.before != null || r.after != null) && (
                      <details className="mt-1">
                        <summary className="cursor-pointer text-brand-700">before / after</summary>
                        <pre className="mt-1 max-w-md overflow-x-auto rounded bg-slate-50 p-2 text-[11px]">{JSON.stringify({ before: r.before, after: r.after }, null, 2)}</pre>
                      </details>
                    )}
                  </td>
                  <td className="py-2">
                    <Badge tone={RESULT_TONE[r.result]}>{r.result}</Badge>
                    {r.message && <div className="mt-1 max-w-xs text-xs text-slate-600">{r.message}</div>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </div>
  );
}
