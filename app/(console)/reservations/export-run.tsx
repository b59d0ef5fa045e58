'use client';

import { useEffect, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';
import { useTakeFocus } from '@/components/ui/lazy';

import { exportCsv, type ExportState } from './csv-export';

/**
 * Exports every page of the current search as CSV, showing progress; Cancel stops the download and
 * the server's reading. Loaded by ExportButton: `startNow` when the press that loaded it was a
 * press on Export, which then starts at once.
 */
export function ExportRun({
  query,
  totalItems,
  startNow,
  focusTrigger,
}: {
  query: string;
  totalItems: number;
  startNow: boolean;
  focusTrigger: boolean;
}) {
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  useTakeFocus(trigger, focusTrigger);

  async function run() {
    const abort = new AbortController();
    controller.current = abort;
    setState({ phase: 'running', rows: 0, total: totalItems });
    setState(
      await exportCsv({
        query,
        totalItems,
        signal: abort.signal,
        onProgress: (rows, total) => setState({ phase: 'running', rows, total }),
      }),
    );
    controller.current = null;
  }

  const started = useRef(false);
  useEffect(() => {
    if (!startNow || started.current) return;
    started.current = true;
    void run();
    // once, for the press that loaded this
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [startNow]);

  const running = state.phase === 'running';
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      {running ? (
        <>
          <progress
            className="h-2 w-40 accent-brand-600"
            max={Math.max(state.total, 1)}
            value={state.rows}
            aria-label="Export progress"
          />
          <span className="tabular-nums text-slate-600" data-testid="export-progress">
            {state.rows} of {state.total}
          </span>
          <Button variant="secondary" size="sm" onClick={() => controller.current?.abort()}>
            Cancel export
          </Button>
        </>
      ) : (
        <Button ref={trigger} variant="secondary" size="sm" onClick={() => void run()} disabled={totalItems === 0}>
          Export CSV
        </Button>
      )}
      <span
        aria-live="polite"
        data-testid="export-status"
        className={state.phase === 'failed' ? 'text-rose-700' : 'text-slate-600'}
      >
        {state.phase === 'done' && `Exported ${state.rows} reservations.`}
        {state.phase === 'cancelled' && `Export cancelled after ${state.rows} rows; nothing was saved.`}
        {state.phase === 'failed' && state.message}
      </span>
    </div>
  );
}
