/**
 * Pages while a CSV export runs: the export's page reads are paced to a share of the request
 * budget (lib/server/reservations/export-limits.ts), so a search page should load as fast during an export as
 * without one. Measures the same page's views before and during one export, and how many page
 * reads the export sent in its busiest 60 s (from the sandbox's request log).
 */
import type { BrowserContext } from '@playwright/test';

import { CsvRecordCounter } from '../../app/(console)/reservations/csv-records';
import type { LoggedRequest } from '../../lib/sandbox/control-client';
import { EXPORT_BUDGET_SHARE } from '../../lib/server/reservations/export-limits';
import { peakInWindow, ratio } from '../stats';

export interface ExportFigures {
  /** reservations the export streamed before it was stopped */
  rows_streamed: number;
  export_page_reads_busiest_60s: number;
  export_page_reads_allowed_per_60s: number;
  page_content_ms_without_export: { median: number; p95: number };
  page_content_ms_during_export: { median: number; p95: number };
  ratio_during_to_without: number;
}

/** The most requests that started in any 60 s window. */
const busiestMinute = (entries: readonly LoggedRequest[]) =>
  peakInWindow(
    entries.map((e) => e.started_ms ?? Date.parse(e.at)),
    60_000,
  ).count;

export async function pagesDuringExport(opts: {
  context: BrowserContext;
  base: string;
  /** measures the page's views: their content times */
  views: () => Promise<{ content_ms: { median: number; p95: number } }>;
  requestsSince: (mark: number) => Promise<LoggedRequest[]>;
  requestMark: () => Promise<number>;
  budgetPerMinute: number;
  /** how long the export runs while pages are measured */
  seconds: number;
}): Promise<ExportFigures> {
  const without = await opts.views();
  const cookie = (await opts.context.cookies(opts.base)).map((c) => `${c.name}=${c.value}`).join('; ');
  const mark = await opts.requestMark();
  const abort = new AbortController();
  const res = await fetch(`${opts.base}/api/reservations/export?sort=date`, {
    headers: { cookie, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate' },
    signal: abort.signal,
  });
  if (!res.ok || !res.body) throw new Error(`the export did not start: ${res.status} ${await res.text()}`);
  const records = new CsvRecordCounter();
  const reading = (async () => {
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) records.push(chunk);
    } catch {
      /* stopped below */
    }
  })();
  const stopAt = Date.now() + opts.seconds * 1000;
  const during = await opts.views();
  while (Date.now() < stopAt) await new Promise((r) => setTimeout(r, 500));
  abort.abort();
  await reading;
  const reads = (await opts.requestsSince(mark)).filter(
    (e) => e.path === '/v2/reservations' && e.query.includes('limit=100'),
  );
  return {
    rows_streamed: records.records,
    export_page_reads_busiest_60s: busiestMinute(reads),
    export_page_reads_allowed_per_60s: Math.floor(opts.budgetPerMinute * EXPORT_BUDGET_SHARE),
    page_content_ms_without_export: without.content_ms,
    page_content_ms_during_export: during.content_ms,
    ratio_during_to_without: ratio(during.content_ms.median, without.content_ms.median),
  };
}
