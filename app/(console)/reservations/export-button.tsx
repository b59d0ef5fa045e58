'use client';

import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';

import { Button } from '@/components/ui/button';
import { Link } from '@/components/ui/link';
import { startExportAction } from '@/lib/actions/exports';

import { exportCsv, type ExportFailure, type ExportState } from './csv-export';

/** An export handed to the server: being prepared (of so many reservations), or refused with why. */
type Background =
  | { phase: 'idle' }
  | { phase: 'starting' }
  | { phase: 'started'; total: number }
  | { phase: 'refused'; message: string };

/**
 * "Export CSV": exports every page of the current search as CSV (or, with `selected`, only those
 * rows of it), showing progress; Cancel stops the download and the server's reading. "Prepare in
 * the background" hands the search's export to the server instead: the member may leave, and the
 * inbox says when the file is ready on the exports page.
 */
export function ExportButton({
  query,
  totalItems,
  selected,
}: {
  query: string;
  totalItems: number;
  /** the ids of the rows selected: "Export N selected" writes only them */
  selected?: string[];
}) {
  const t = useTranslations('reservations.export');
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const [background, setBackground] = useState<Background>({ phase: 'idle' });

  async function prepare() {
    setBackground({ phase: 'starting' });
    const result = await startExportAction({ query });
    setBackground(
      result.ok ? { phase: 'started', total: result.data.total } : { phase: 'refused', message: result.error },
    );
  }

  async function run() {
    const abort = new AbortController();
    controller.current = abort;
    setState({ phase: 'running', rows: 0, total: totalItems });
    setState(
      await exportCsv({
        query: selected ? [query, `only=${selected.join(',')}`].filter(Boolean).join('&') : query,
        totalItems: selected ? selected.length : totalItems,
        signal: abort.signal,
        onProgress: (rows, total) => setState({ phase: 'running', rows, total }),
      }),
    );
    controller.current = null;
  }

  const failureText = (failure: ExportFailure) =>
    failure.kind === 'server'
      ? failure.message
      : failure.kind === 'http'
        ? t('failedHttp', { status: failure.status })
        : failure.message
          ? t('stoppedWith', { message: failure.message })
          : t('stopped');

  const running = state.phase === 'running';
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      {running ? (
        <>
          <progress
            className="h-2 w-40 accent-brand-600"
            max={Math.max(state.total, 1)}
            value={state.rows}
            aria-label={t('progressLabel')}
          />
          <span className="tabular-nums text-slate-600" data-testid="export-progress">
            {t('progress', { rows: state.rows, total: state.total })}
          </span>
          <Button variant="secondary" size="sm" onClick={() => controller.current?.abort()}>
            {t('cancel')}
          </Button>
        </>
      ) : (
        <>
          <Button variant="secondary" size="sm" onClick={() => void run()} disabled={totalItems === 0}>
            {selected ? t('selected', { count: selected.length }) : t('csv')}
          </Button>
          {!selected && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => void prepare()}
              disabled={totalItems === 0 || background.phase === 'starting'}
            >
              {t('background')}
            </Button>
          )}
        </>
      )}
      <span
        aria-live="polite"
        data-testid="export-status"
        className={state.phase === 'failed' ? 'text-rose-700' : 'text-slate-600'}
      >
        {state.phase === 'done' && t('done', { rows: state.rows })}
        {state.phase === 'cancelled' && t('cancelled', { rows: state.rows })}
        {state.phase === 'failed' && failureText(state.failure)}
      </span>
      {background.phase === 'started' || background.phase === 'refused' ? (
        <span
          role="status"
          data-testid="export-background"
          className={background.phase === 'refused' ? 'text-rose-700' : 'text-slate-600'}
        >
          {background.phase === 'started' ? t('preparing', { total: background.total }) : background.message}{' '}
          <Link href="/reservations/exports" className="font-medium text-brand-700 hover:underline">
            {t('yourExports')}
          </Link>
        </span>
      ) : null}
    </div>
  );
}
