import 'server-only';

import { z } from 'zod';

import type { StaffRole } from '@/lib/auth/roles';
import { said, type Translate } from '@/lib/i18n/said';
import { translatorFor } from '@/lib/i18n/translator';
import { localNow } from '@/lib/overview/figures';

import { activityFilters, ActivityFiltersSchema, dayRange, type ActivityFilters } from '../../activity/filters';
import { readableActivityActions } from '../../activity/visibility';
import { countAudit, listAudit, type AuditKind, type AuditQuery } from '../audit';
import { getConfig } from '../config';
import type { AuditRow } from '../db/schema';
import { ActionError, type ActionContext } from '../http/action';
import { getUiLocale } from '../http/locale';
import { CSV_BOM, csvField, csvSeparatorFor, type CsvSeparator } from '../reservations/reservations-csv';

export const ExportActivityInputSchema = z.object({ filters: ActivityFiltersSchema });

/** The export's input: the filters in the URL's query, as the Activity page reads them. */
export async function readActivityExportInput(request: Request): Promise<unknown> {
  return { filters: activityFilters(new URL(request.url).searchParams) };
}

/** The kind of rows the filters ask for: none when an action is picked (it decides) or for all of them. */
export const kindOf = (f: Pick<ActivityFilters, 'kind' | 'action'>): AuditKind | undefined =>
  f.action || f.kind === 'all' ? undefined : f.kind;

const COLUMNS = [
  'at',
  'staff',
  'action',
  'result',
  'resource_type',
  'resource_id',
  'entity_id',
  'message',
  'before',
  'after',
  'times',
  'last_at',
] as const;
const PAGE = 1_000;

/** The CSV's header row in the member's language (in English, the columns' names: `at,staff,action,…`). */
export const csvHeaderRow = (t: Translate, separator: CsvSeparator = ',') =>
  `${COLUMNS.map((c) => csvField(t(`activity.csv.${c}`), separator)).join(separator)}\r\n`;

const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));
const line = (r: AuditRow, separator: CsvSeparator) =>
  `${[
    r.at.toISOString(),
    r.staffEmail,
    r.action,
    r.result,
    r.resourceType,
    r.resourceId,
    r.entityId,
    r.message,
    json(r.before),
    json(r.after),
    String(r.repeats),
    r.lastAt?.toISOString() ?? '',
  ]
    .map((v) => csvField(v, separator))
    .join(separator)}\r\n`;

/**
 * The audit query of the filters for a reader of `role`: only the rows that role reads
 * (lib/activity/visibility.ts), whatever the filters ask; their days are the member's, in `timeZone`.
 * An action picked decides the kind of rows; otherwise the kind does (the changes by default).
 */
export const auditQueryOf = (f: ActivityFilters, timeZone: string, role: StaffRole): AuditQuery => ({
  readable: readableActivityActions(role),
  kind: kindOf(f),
  staffEmail: f.staff,
  action: f.action,
  result: f.result,
  resourceId: f.record,
  ...dayRange(f, timeZone),
});

/**
 * GET /api/activity/export?<the Activity page's filters>: every row they match, newest first, as
 * CSV (cells a spreadsheet could run as formulas are quoted as text), at most EXPORT_MAX_ROWS
 * (refused, before a row is read, when more match). One audit row: the filters and the rows sent.
 */
export async function exportActivity(
  { filters }: z.output<typeof ExportActivityInputSchema>,
  { staff, setAuditTarget }: ActionContext,
): Promise<Response> {
  const query = auditQueryOf(filters, staff.timeZone ?? 'UTC', staff.role);
  setAuditTarget({ resourceType: 'activity-export', before: { ...filters, cursor: undefined, limit: undefined } });
  const total = await countAudit(query);
  const max = getConfig().exportMaxRows;
  if (total > max) throw new ActionError(said('activity.errors.tooManyRows', { total, max }));
  setAuditTarget({ after: { rows: total } });
  // Separated as a spreadsheet in the member's language expects, after the mark that says it is UTF-8.
  const locale = await getUiLocale();
  const separator = csvSeparatorFor(locale);
  const header = CSV_BOM + csvHeaderRow(await translatorFor(locale), separator);
  const encoder = new TextEncoder();
  let after: AuditQuery['after'];
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(header));
    },
    async pull(controller) {
      // Rows written after the count are not sent: the export holds what was counted.
      const rows = await listAudit({ ...query, after, limit: Math.min(PAGE, total - sent) });
      if (rows.length === 0 || sent >= total) return controller.close();
      controller.enqueue(encoder.encode(rows.map((r) => line(r, separator)).join('')));
      sent += rows.length;
      const last = rows[rows.length - 1]!;
      after = { at: last.at, id: last.id };
    },
  });
  // The file is named for the member's day, in their zone.
  const day = localNow(staff.timeZone ?? 'UTC', new Date()).date;
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="activity-${day}.csv"`,
      'cache-control': 'no-store',
    },
  });
}
