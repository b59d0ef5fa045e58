'use client';

import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';

type ExportState = { phase: 'idle' } | { phase: 'running'; rows: number; total: number } | { phase: 'done'; rows: number } | { phase: 'cancelled'; rows: number } | { phase: 'failed'; message: string };

/** Exports every page of the current search as CSV, showing progress; Cancel stops the download and the server's reading. */
export function ExportButton({ query, totalItems }: { query: string; totalItems: number }) {
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);

  async function run() {
    const abort = new AbortController();
    controller.current = abort;
    setState({ phase: 'running', rows: 0, total: totalItems });
    try {
      const res = await fetch(`/api/reservations/export${query ? `?${query}` : ''}`, { signal: abort.signal });
      if (!res.ok || !res.body) {
        const body = (await res.json().catch(() => null)) as { error?: string } | null;
        setState({ phase: 'failed', message: body?.error ?? `The export failed (HTTP ${res.status}).` });
        return;
      }
      const total = Number(res.headers.get('x-total-items') ?? totalItems);
      const reader = res.body.getReader();
      const chunks: Uint8Array[] = [];
      // The record counter loads with the first export, not with the page.
      const counter = new (await import('./csv-records')).CsvRecordCounter();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        counter.push(value);
        setState({ phase: 'running', rows: counter.records, total });
      }
      const url = URL.createObjectURL(new Blob(chunks as BlobPart[], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `reservations-${new Date().toISOString().slice(0, 10)}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setState({ phase: 'done', rows: counter.records });
    } catch (e) {
      if (abort.signal.aborted) setState((s) => ({ phase: 'cancelled', rows: s.phase === 'running' ? s.rows : 0 }));
      else setState({ phase: 'failed', message: e instanceof Error && e.message ? `The export stopped: ${e.message}` : 'The export stopped.' });
    } finally {
      controller.current = null;
    }
  }

  const running = state.phase === 'running';
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      {running ? (
        <>
          <progress className="h-2 w-40 accent-brand-600" max={Math.max(state.total, 1)} value={state.rows} aria-label="Export progress" />
          <span className="tabular-nums text-slate-600" data-testid="export-progress">
            {state.rows} of {state.total}
          </span>
          <Button variant="secondary" onClick={() => controller.current?.abort()}>
            Cancel export
          </Button>
        </>
      ) : (
        <Button variant="secondary" onClick={() => void run()} disabled={totalItems === 0}>
          Export CSV
        </Button>
      )}
      <span aria-live="polite" data-testid="export-status" className={state.phase === 'failed' ? 'text-rose-700' : 'text-slate-600'}>
        {state.phase === 'done' && `Exported ${state.rows} reservations.`}
        {state.phase === 'cancelled' && `Export cancelled after ${state.rows} rows; nothing was saved.`}
        {state.phase === 'failed' && state.message}
      </span>
    </div>
  );
}
