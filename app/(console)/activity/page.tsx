import type { Metadata } from 'next';
import { z } from 'zod';

import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Select } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { listAudit } from '@/lib/server/audit';
import { requireStaff } from '@/lib/server/auth';
import { getFormatter } from '@/lib/server/http';

import { ActivityTable } from './activity-table';

export const metadata: Metadata = { title: 'Activity' };

const FiltersSchema = z.object({
  staff: z.string().trim().max(200).optional().catch(undefined),
  action: z.string().trim().max(100).optional().catch(undefined),
  result: z.enum(['ok', 'refused', 'failed']).optional().catch(undefined),
});

export default async function ActivityPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireStaff('viewer');
  const raw = await searchParams;
  const filters = FiltersSchema.parse({
    staff: raw.staff || undefined,
    action: raw.action || undefined,
    result: raw.result || undefined,
  });
  const [rows, format] = await Promise.all([
    listAudit({ staffEmail: filters.staff?.toLowerCase(), action: filters.action, result: filters.result, limit: 200 }),
    getFormatter(),
  ]);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeader
        title="Activity"
        description="Every change made through the dashboard: who, what, on which resource, before and after, and the result."
      />
      <form method="get" className="flex flex-wrap items-end gap-3" role="search" aria-label="Filter activity">
        <label className="text-xs font-medium text-slate-600">
          Staff e-mail
          <Input name="staff" defaultValue={filters.staff} className="mt-1 py-1.5" />
        </label>
        <label className="text-xs font-medium text-slate-600">
          Action
          <Input
            name="action"
            defaultValue={filters.action}
            placeholder="e.g. add-staff-member"
            className="mt-1 py-1.5"
          />
        </label>
        <label className="text-xs font-medium text-slate-600">
          Result
          <Select name="result" defaultValue={filters.result ?? ''} className="mt-1 py-1.5">
            <option value="">any</option>
            <option value="ok">ok</option>
            <option value="refused">refused</option>
            <option value="failed">failed</option>
          </Select>
        </label>
        <Button type="submit" variant="secondary">
          Apply
        </Button>
      </form>
      <Card>
        <ActivityTable
          rows={rows.map((r) => ({
            id: String(r.id),
            when: format.dateTime(r.at, 'UTC'),
            at: r.at.toISOString(),
            staffEmail: r.staffEmail,
            action: r.action,
            resource: r.resourceType ? `${r.resourceType} ${r.resourceId ?? ''}`.trim() : null,
            entityId: r.entityId ?? null,
            change:
              r.before != null || r.after != null
                ? JSON.stringify({ before: r.before, after: r.after }, null, 2)
                : null,
            result: r.result,
            message: r.message ?? null,
          }))}
        />
      </Card>
    </div>
  );
}
