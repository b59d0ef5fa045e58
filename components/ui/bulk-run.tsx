'use client';

import { Button } from './button';
import { Notice } from './notice';
import { notify } from './toast';

/** How one row of a bulk action ended: nothing is left unsaid. */
export type BulkOutcome =
  | { id: string; name: string; result: 'done' }
  | { id: string; name: string; result: 'refused'; reason: string }
  | { id: string; name: string; result: 'not tried'; reason: string };

type Answer = { ok: true } | { ok: false; error: string; refusesAll?: true };

/**
 * Runs one guarded action per row, one after another (each its own audit row, within the member's
 * share of the request budget), reporting progress. A refusal that would repeat for every row (a
 * limit, the budget, the session: `refusesAll`) stops the run; the rows after it are "not tried".
 */
export async function runBulk<Row extends { id: string }>(
  rows: Row[],
  nameOf: (row: Row) => string,
  act: (row: Row) => Promise<Answer>,
  onProgress: (done: number) => void,
): Promise<BulkOutcome[]> {
  const report: BulkOutcome[] = [];
  let stop: string | null = null;
  for (const row of rows) {
    const name = nameOf(row);
    if (stop !== null) {
      report.push({ id: row.id, name, result: 'not tried', reason: stop });
      continue;
    }
    const r = await act(row);
    if (r.ok) report.push({ id: row.id, name, result: 'done' });
    else {
      report.push({ id: row.id, name, result: 'refused', reason: r.error });
      if (r.refusesAll) stop = `stopped at ${name}: ${r.error}`;
    }
    onProgress(report.length);
  }
  return report;
}

/** The run's end as every write ends: a toast, done, done in part, or refused with the first reason. */
export function announceBulk(report: BulkOutcome[], done: string, what: string): void {
  const count = report.filter((o) => o.result === 'done').length;
  const first = report.find((o) => o.result !== 'done');
  if (!first) notify(`${count} ${what} ${done}.`);
  else if (count === 0) notify(`Nothing was ${done}: ${first.name}: ${first.reason}`, 'error');
  else notify(`${count} of ${report.length} ${what} ${done}; the others are listed with the reason.`, 'warning');
}

/** What a bulk action did, row by row, until the member closes it. */
export function BulkReport({ report, done, onClose }: { report: BulkOutcome[]; done: string; onClose: () => void }) {
  const count = report.filter((o) => o.result === 'done').length;
  return (
    <Notice tone={count === report.length ? 'success' : 'warning'} data-testid="bulk-report">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="font-medium">
          {count} of {report.length} {done}.
        </p>
        <Button variant="secondary" size="sm" onClick={onClose}>
          Close
        </Button>
      </div>
      <ul className="mt-2 space-y-1 text-sm">
        {report.map((o) => (
          <li key={o.id} data-testid={`bulk-result-${o.id}`}>
            <span className="font-medium">{o.name}</span>:{' '}
            {o.result === 'done' ? done : `${o.result === 'refused' ? 'refused' : 'not tried'}: ${o.reason}`}
          </li>
        ))}
      </ul>
    </Notice>
  );
}

/**
 * In a bulk action's confirmation: whom it reaches (the guests e-mailed, the members changed),
 * one a line in a box that scrolls, and how far the run has got once it started.
 */
export function BulkTargets({
  items,
  done,
  total,
  verb,
}: {
  items: string[];
  done: number;
  /** the rows the run takes on */
  total: number;
  verb: string;
}) {
  return (
    <>
      <span className="block max-h-40 overflow-y-auto rounded bg-slate-50 px-3 py-2 font-mono text-xs break-all">
        {items.map((item, i) => (
          <span key={`${i}:${item}`} className="block">
            {item}
          </span>
        ))}
      </span>
      {done > 0 && (
        <span role="status" className="block text-slate-600">
          {verb} {done} of {total}…
        </span>
      )}
    </>
  );
}
