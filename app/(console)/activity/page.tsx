import type { Metadata } from 'next';

import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Select } from '@/components/ui/input';
import { Link } from '@/components/ui/link';
import { PageHeader } from '@/components/ui/page-header';
import {
  ACTIVITY_PAGE_SIZES,
  activityFilters,
  activityQuery,
  changedFields,
  cursorOf,
  parseCursor,
} from '@/lib/activity/filters';
import { auditQueryOf } from '@/lib/server/activity';
import { auditFacets, listAudit } from '@/lib/server/audit';
import { requireStaff } from '@/lib/server/auth';
import { getFormatter } from '@/lib/server/http';

import { ActivityTable } from './activity-table';

export const metadata: Metadata = { title: 'Activity' };

const label = 'text-xs font-medium text-slate-600';

export default async function ActivityPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const me = await requireStaff('viewer');
  const filters = activityFilters(await searchParams);
  const [page, facets, format] = await Promise.all([
    // One row more than shown: whether there are older ones.
    listAudit({
      ...auditQueryOf(filters),
      after: filters.cursor ? parseCursor(filters.cursor) : undefined,
      limit: filters.limit + 1,
    }),
    auditFacets(),
    getFormatter(),
  ]);
  const rows = page.slice(0, filters.limit);
  const older = page.length > filters.limit ? cursorOf(rows[rows.length - 1]!) : null;
  // A member or action picked from a link may not be in the lists yet: it stays chosen.
  const members =
    filters.staff && !facets.members.includes(filters.staff) ? [filters.staff, ...facets.members] : facets.members;
  const actions =
    filters.action && !facets.actions.includes(filters.action) ? [filters.action, ...facets.actions] : facets.actions;

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeader
        title="Activity"
        description="Every sign-in and every change made through the dashboard: who, what, on which resource, what changed, and the result."
      />
      <form method="get" className="flex flex-wrap items-end gap-3" role="search" aria-label="Filter activity">
        <div>
          <label htmlFor="activity-staff" className={label}>
            Member
          </label>
          <Select
            id="activity-staff"
            name="staff"
            defaultValue={filters.staff ?? ''}
            className="mt-1 block max-w-64 py-1.5"
          >
            <option value="">anyone</option>
            {members.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <label htmlFor="activity-action" className={label}>
            Action
          </label>
          <Select
            id="activity-action"
            name="action"
            defaultValue={filters.action ?? ''}
            className="mt-1 block max-w-56 py-1.5"
          >
            <option value="">any</option>
            {actions.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <label htmlFor="activity-result" className={label}>
            Result
          </label>
          <Select id="activity-result" name="result" defaultValue={filters.result ?? ''} className="mt-1 block py-1.5">
            <option value="">any</option>
            <option value="ok">ok</option>
            <option value="refused">refused</option>
            <option value="failed">failed</option>
          </Select>
        </div>
        <div>
          <label htmlFor="activity-from" className={label}>
            From (UTC)
          </label>
          <Input id="activity-from" type="date" name="from" defaultValue={filters.from} className="mt-1 block py-1.5" />
        </div>
        <div>
          <label htmlFor="activity-to" className={label}>
            To (UTC)
          </label>
          <Input id="activity-to" type="date" name="to" defaultValue={filters.to} className="mt-1 block py-1.5" />
        </div>
        <div>
          <label htmlFor="activity-limit" className={label}>
            Rows per page
          </label>
          <Select id="activity-limit" name="limit" defaultValue={String(filters.limit)} className="mt-1 block py-1.5">
            {ACTIVITY_PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" variant="secondary">
          Apply
        </Button>
        {me.role === 'admin' && (
          <Button asChild variant="ghost">
            <a href={`/api/activity/export${activityQuery(filters)}`} download data-testid="activity-export">
              Export CSV
            </a>
          </Button>
        )}
      </form>
      <Card>
        <ActivityTable
          rows={rows.map((r) => ({
            id: r.id,
            when: format.dateTime(r.at, 'UTC'),
            at: r.at.toISOString(),
            staffEmail: r.staffEmail,
            action: r.action,
            resource: r.resourceType ? `${r.resourceType} ${r.resourceId ?? ''}`.trim() : null,
            entityId: r.entityId ?? null,
            changes: changedFields(r.before, r.after),
            result: r.result,
            message: r.message ?? null,
          }))}
        />
        <nav aria-label="Activity pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
          <span className="text-slate-600" data-testid="activity-page-info">
            {rows.length === 0
              ? 'No rows'
              : `${rows.length} ${rows.length === 1 ? 'row' : 'rows'}${filters.cursor ? ', older than the page before' : ', newest first'}`}
          </span>
          <span className="flex gap-2">
            {filters.cursor && (
              <Button asChild variant="secondary" size="sm">
                <Link href={`/activity${activityQuery(filters)}`}>Newest</Link>
              </Button>
            )}
            {older && (
              <Button asChild variant="secondary" size="sm">
                <Link href={`/activity${activityQuery(filters, older)}`} data-testid="activity-older">
                  Older
                </Link>
              </Button>
            )}
          </span>
        </nav>
      </Card>
    </div>
  );
}
