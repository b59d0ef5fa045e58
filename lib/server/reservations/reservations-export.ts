import 'server-only';

import { z } from 'zod';

import { GuestbookApiError } from '@/lib/guestbook/errors';
import type { UiLocale } from '@/lib/i18n/locales';
import { said, saidList, translateSaid, validationMessage, type Said } from '@/lib/i18n/said';
import { inEnglish, translatorFor } from '@/lib/i18n/translator';
import { localNow } from '@/lib/overview/figures';
import { parseReservationSearch } from '@/lib/reservations/search-query';

import { getApiClient } from '../api';
import { getConfig } from '../config';
import { getDb } from '../db';
import { getEntityApi, getSelectedEntity } from '../directory';
import { ActionError, describeApiError, getUiLocale, type ActionContext } from '../http';
import { processWide } from '../process-wide';
import { EXPORT_PAGE_SIZE, ExportPacer, exportPagesPerMinute, takeExportSlot } from './export-limits';
import { recentSearchTotal, venueNames } from './reservations';
import { CSV_BOM, csvHeader, csvLines, csvSeparatorFor, type CsvSeparator } from './reservations-csv';

export const ExportInputSchema = z.strictObject({
  query: z.string().max(8_000, { error: validationMessage('atMostChars', 8_000) }),
  signal: z.instanceof(AbortSignal),
});
export type ExportInput = z.output<typeof ExportInputSchema>;

/** The export's input from its request: the search (the URL's query) and the signal that ends with the connection. */
export async function readExportInput(request: Request): Promise<unknown> {
  return { query: new URL(request.url).search.replace(/^\?/, ''), signal: request.signal };
}

/** The pace of every export's page reads in this process, streamed or prepared on the server: a share of the request budget. */
export const exportPacer = () =>
  processWide(
    'the pace of the page reads of CSV exports',
    () => new ExportPacer(exportPagesPerMinute(getApiClient().budget.perMinute)),
  );

export const overCap = (total: number, max: number) =>
  new ActionError(said('reservations.errors.exportOverCap', { total, max }));

/**
 * The handler of GET /api/reservations/export?<the search, in the API's filter syntax>: every page
 * of the selected entity's matching reservations as CSV, streamed as it is read. Only from the
 * dashboard's own pages (Sec-Fetch-Site), one export per staff member at a time, at most
 * EXPORT_MAX_ROWS rows (refused before a page is read), pages paced to a share of the request
 * budget (lib/server/reservations/export-limits.ts); closing the connection stops it. One audit row per
 * export: the search, the rows sent and how it ended.
 */
export async function exportReservations(
  { query, signal }: ExportInput,
  { staff, setAuditTarget, auditLater }: ActionContext,
): Promise<Response> {
  setAuditTarget({
    entityId: (await getSelectedEntity())?.id ?? null,
    resourceType: 'reservations-export',
    before: { query },
  });
  const params = new URLSearchParams(query);
  const { conditions, sort, problemsSaid: problems } = parseReservationSearch(params, ['sort', 'only']);
  if (problems.length)
    throw new ActionError(
      said('reservations.errors.cannotExport', {
        problems: saidList(problems, 'reservations.errors.problemSeparator'),
      }),
    );
  const only = selectedRows(params);

  const releaseSlot = await takeExportSlot(await getDb(), staff.id);
  if (!releaseSlot) throw new ActionError(said('reservations.errors.exportRunning'), undefined, 409);
  const release = () => void releaseSlot().catch(() => undefined);
  const max = getConfig().exportMaxRows;
  let api: Awaited<ReturnType<typeof getEntityApi>>;
  const read = async (page: number, limit: number) => {
    await exportPacer().take(signal);
    return api.listReservations({ filters: conditions, sort, page, limit });
  };
  let first: Awaited<ReturnType<typeof read>>;
  let venues: Record<string, string>;
  let header: string;
  let separator: CsvSeparator;
  try {
    // Everything that needs the request's cookies is resolved before the response starts.
    api = (await getEntityApi()).withSignal(signal);
    // The total the search page has just shown, else one row's read: either way no page of guest data is read over the cap.
    const total = only
      ? only.size
      : ((await recentSearchTotal({ conditions, sort }, 60_000)) ?? (await read(1, 1)).pagination.total_items);
    if (total > max) throw overCap(total, max);
    venues = await venueNames();
    const start = await csvStart(await getUiLocale());
    header = CSV_BOM + start.columns;
    separator = start.separator;
    first = await read(1, EXPORT_PAGE_SIZE);
    if (!only && first.pagination.total_items > max) throw overCap(first.pagination.total_items, max);
  } catch (e) {
    release();
    throw e;
  }

  const writeAudit = auditLater();
  let rows = 0;
  let ended = false;
  // How it ended and the rows sent are the row's change; a failure's reason its message.
  const end = (how: 'completed' | 'cancelled' | 'failed', reason: Said | null = null) => {
    if (ended) return;
    ended = true;
    release();
    setAuditTarget({ after: { rows, ended: how } });
    void writeAudit(how === 'failed' ? 'failed' : 'ok', reason).catch(() => undefined);
  };
  signal.addEventListener('abort', () => end('cancelled'), { once: true });

  const encoder = new TextEncoder();
  const lines = (all: typeof first.data) => {
    const data = only ? all.filter((r) => only.has(r.id)) : all;
    rows += data.length;
    return csvLines(data, venues, separator);
  };
  // Selected rows: the search is read only until every one of them has been written.
  const allFound = () => only !== null && rows >= only.size;
  let page = 1;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(header + lines(first.data)));
      if (first.pagination.total_pages <= 1 || allFound()) {
        controller.close();
        end('completed');
      }
    },
    async pull(controller) {
      page++;
      try {
        const res = await read(page, EXPORT_PAGE_SIZE);
        // The search may have grown since the total was checked: never more than the cap.
        const data = res.data.slice(0, Math.max(0, max - rows));
        controller.enqueue(encoder.encode(lines(data)));
        if (page >= res.pagination.total_pages || res.data.length === 0 || allFound()) {
          controller.close();
          end('completed');
        } else if (rows >= max) {
          throw overCap(res.pagination.total_items, max);
        }
      } catch (e) {
        if (signal.aborted) return end('cancelled');
        // The client sees a truncated download; the audit row names why, in its reader's language
        // (never a raw API body).
        const why =
          e instanceof GuestbookApiError
            ? describeApiError(e).said
            : e instanceof ActionError
              ? e.said
              : said('reservations.export.stopped');
        end('failed', why);
        controller.error(new Error(translateSaid(inEnglish, why)));
      }
    },
    cancel() {
      end('cancelled');
    },
  });
  return new Response(stream, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${exportFilename(staff.timeZone)}"`,
      'cache-control': 'no-store',
      'x-total-items': String(only ? only.size : first.pagination.total_items),
    },
  });
}

/**
 * A CSV's first line: the column names in the member's language (in English, the API's field
 * names), separated as a spreadsheet in that language expects. The file starts with CSV_BOM before it.
 */
export async function csvStart(locale: UiLocale): Promise<{ columns: string; separator: CsvSeparator }> {
  const t = await translatorFor(locale);
  const separator = csvSeparatorFor(locale);
  return { columns: csvHeader((column) => t(`reservations.export.columns.${column}`), separator), separator };
}

/** An export's file name: the member's today, in their zone. */
export const exportFilename = (timeZone: string | null | undefined, now = new Date()): string =>
  `reservations-${localNow(timeZone ?? 'UTC', now).date}.csv`;

/** The most rows one export of selected rows names (a page of the search at its largest). */
export const EXPORT_SELECTED_MAX = 100;

/**
 * `only=<id>,<id>,…`: the rows selected on the search's page, the only ones the export writes;
 * null without it. Refused when malformed, repeated or longer than a page.
 */
function selectedRows(params: URLSearchParams): Set<string> | null {
  const given = params.getAll('only');
  if (given.length === 0) return null;
  const ids = given.length === 1 ? given[0]!.split(',') : [];
  if (ids.length === 0 || ids.length > EXPORT_SELECTED_MAX || !ids.every((id) => z.guid().safeParse(id).success))
    throw new ActionError(said('reservations.errors.onlyMalformed', { max: EXPORT_SELECTED_MAX }));
  return new Set(ids);
}
