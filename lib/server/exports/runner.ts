import 'server-only';

import { GuestbookApiError } from '../../guestbook/errors';
import { DEFAULT_UI_LOCALE, isUiLocale } from '../../i18n/locales';
import { said, translateSaid, type Said } from '../../i18n/said';
import { translatorFor } from '../../i18n/translator';
import { parseReservationSearch } from '../../reservations/search-query';
import { staffOfJob } from '../auth';
import { withRequestTicket } from '../budget';
import { wakeChangeFeed } from '../changes';
import { getConfig } from '../config';
import { getDb } from '../db';
import type { ExportFileRow } from '../db/schema';
import { apiForChoice, findEntityChoice, venuesIn } from '../directory';
import { ActionError, describeApiError } from '../http';
import { logUnexpected } from '../log';
import { newRequestId, withRequestId } from '../log/logger';
import { ClaimLoop } from '../ops/claim-loop';
import { processWide } from '../process-wide';
import { csvStart, exportPacer, overCap } from '../reservations';
import { EXPORT_PAGE_SIZE } from '../reservations/export-limits';
import { csvLines } from '../reservations/reservations-csv';
import { BUDGET_WAITS, budgetWaitMs } from './budget-wait';
import { claimNextExport, finishExport, releaseExportClaim, renewExportClaim } from './store';

/** How often each process looks for an export to prepare (a new one wakes the process that stored it at once). */
const LOOK_EVERY_MS = 5_000;

/** The claim is renewed at least this often while the preparer waits for the budget (its lease is a minute). */
const RENEW_WHILE_WAITING_MS = 20_000;

/** Why an export stopped, as said: Guest Book's refusal, the guard's, or that it failed. */
function whyStopped(e: unknown): Said {
  if (e instanceof GuestbookApiError) return describeApiError(e).said;
  if (e instanceof ActionError) return e.said;
  return said('reservations.export.stopped');
}

/**
 * Prepares a claimed export: every page of its search in its entity, as its member (re-read
 * first: removed, disabled or signed out everywhere, it stops), paced with the streamed exports'
 * share of the request budget, at most EXPORT_MAX_ROWS rows. A page the budget has no room for
 * is read again when the budget says (budgetWaitMs), as the page's member would try again. The
 * file is stored whole when the last page is read; a process that stops meanwhile gives the claim
 * up and the export is prepared again from its start.
 */
async function prepare(job: ExportFileRow, stopping: () => boolean): Promise<void> {
  const db = await getDb();
  const locale = isUiLocale(job.locale) ? job.locale : DEFAULT_UI_LOCALE;
  const t = await translatorFor(locale);
  const stop = (why: Said) => finishExport(db, job.id, { failure: translateSaid(t, why) }, new Date());
  if (!(await staffOfJob(db, job.staffId, job.sessionVersion))) return stop(said('errors.bulk.memberChanged'));
  const entity = job.entityId ? await findEntityChoice(job.entityId) : null;
  if (job.entityId && !entity) return stop(said('errors.entityGone'));
  const { conditions, sort } = parseReservationSearch(new URLSearchParams(job.query), ['sort', 'only']);
  const api = apiForChoice(entity);
  const max = getConfig().exportMaxRows;
  const read = async (page: number) => {
    await exportPacer().take();
    return withRequestId(newRequestId(), () =>
      withRequestTicket(
        () => api.listReservations({ filters: conditions, sort, page, limit: EXPORT_PAGE_SIZE }),
        'view',
      ),
    );
  };
  try {
    const venues = Object.fromEntries((await venuesIn(entity)).map((v) => [v.id, v.name]));
    const { columns, separator } = await csvStart(locale);
    // Stored without the UTF-8 mark (a text column keeps no BOM): the download puts it first.
    const parts = [columns];
    let rows = 0;
    /** Waits `ms` for the budget, keeping the claim; false when the export is no longer this process's to prepare. */
    const waitOut = async (ms: number) => {
      let renewed = Date.now();
      for (const until = Date.now() + ms; Date.now() < until;) {
        // A second at a time: a process asked to stop gives the export up at once.
        await new Promise((resolve) => setTimeout(resolve, Math.min(until - Date.now(), 1_000)));
        if (stopping()) {
          await releaseExportClaim(db, job.id);
          return false;
        }
        if (Date.now() - renewed < RENEW_WHILE_WAITING_MS) continue;
        if (!(await renewExportClaim(db, job.id, rows, new Date()))) return false;
        renewed = Date.now();
      }
      return true;
    };
    /** A page, read again when the budget had no room for it (at most BUDGET_WAITS times); null: stop here. */
    const readWithin = async (page: number) => {
      for (let waits = 0; ; waits++) {
        try {
          return await read(page);
        } catch (e) {
          const ms = waits < BUDGET_WAITS ? budgetWaitMs(e, Date.now()) : null;
          if (ms === null) throw e;
          if (!(await waitOut(ms))) return null;
        }
      }
    };
    for (let page = 1; ; page++) {
      if (stopping()) return releaseExportClaim(db, job.id);
      const res = await readWithin(page);
      if (!res) return;
      if (res.pagination.total_items > max) return stop(overCap(res.pagination.total_items, max).said);
      // The search may have grown since it started: never more than the cap.
      const data = res.data.slice(0, max - rows);
      parts.push(csvLines(data, venues, separator));
      rows += data.length;
      if (page >= res.pagination.total_pages || res.data.length === 0 || rows >= max) break;
      if (!(await renewExportClaim(db, job.id, rows, new Date()))) return;
    }
    await finishExport(db, job.id, { content: parts.join(''), rows }, new Date());
  } catch (e) {
    if (!(e instanceof GuestbookApiError) && !(e instanceof ActionError)) logUnexpected('export prepare', e);
    await stop(whyStopped(e));
  }
  wakeChangeFeed();
}

const globalForExports = processWide("this process's preparer of exports", () => ({
  runner: undefined as ClaimLoop<ExportFileRow> | undefined,
}));

/**
 * Starts this process's preparer of exports (once): it takes on the oldest export no process
 * holds, prepares it, then the next, and looks again every LOOK_EVERY_MS (an export whose process
 * stopped is free once its claim lapses).
 */
export function startExports(): void {
  globalForExports.runner ??= new ClaimLoop<ExportFileRow>({
    name: 'exports',
    everyMs: LOOK_EVERY_MS,
    claim: async () => claimNextExport(await getDb(), new Date()),
    work: prepare,
  }).start();
}

/** Has this process look for exports now (it started the preparer, or does so). */
export function wakeExports(): void {
  startExports();
  globalForExports.runner?.wake();
}
