'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';

import { BulkReport, type BulkOutcome } from '@/components/ui/bulk-run';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { closeBulkReportAction } from '@/lib/actions/bulk-jobs';
import type { BulkJobView } from '@/lib/bulk-jobs/view';
import { queryKeys } from '@/lib/queries/keys';
import { useLayoutReading } from '@/lib/queries/layout-reading';
import { fetchBulkJobs } from '@/lib/queries/reads';

/** Every second while a job runs; otherwise a job started on another device shows within half a minute (and on focus). */
const JOBS_IDLE_MS = 30_000;
const jobsRefetchMs = (jobs: BulkJobView[] | undefined) => (jobs?.some((j) => !j.finished) ? 1_000 : JOBS_IDLE_MS);

/**
 * The member's bulk actions run on the server: the layout's reading at once (no request as the page
 * loads), then read again every second while one runs, else every half minute and on focus.
 */
function useBulkJobs(initial: BulkJobView[]) {
  const query = useQuery({
    queryKey: queryKeys.bulkJobs(),
    queryFn: ({ signal }) => fetchBulkJobs(signal),
    initialData: initial,
    staleTime: JOBS_IDLE_MS,
    refetchInterval: (q) => jobsRefetchMs(q.state.data),
    refetchOnWindowFocus: true,
  });
  useLayoutReading(queryKeys.bulkJobs(), initial);
  return query;
}

/** How often a dialog that started a job reads how far it has got. */
const JOB_POLL_MS = 700;

/**
 * Runs a bulk job from the dialog that starts it: `start` records it on the server, then its
 * progress is read until it finishes. The outcome, once seen here, is closed so that the header
 * does not keep it. Null: refused at the start (told by `onRefused`), or closed elsewhere first.
 */
export function useJobRun() {
  const queryClient = useQueryClient();
  const readJobs = () =>
    queryClient
      .fetchQuery({ queryKey: queryKeys.bulkJobs(), queryFn: ({ signal }) => fetchBulkJobs(signal), staleTime: 0 })
      .catch(() => undefined);
  return async (
    start: () => Promise<{ ok: true; data: { id: string } } | { ok: false; error: string }>,
    onProgress: (done: number) => void,
    onRefused: (error: string) => void,
  ): Promise<BulkOutcome[] | null> => {
    const started = await start();
    if (!started.ok) {
      onRefused(started.error);
      return null;
    }
    void queryClient.invalidateQueries({ queryKey: queryKeys.bulkJobs() });
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, JOB_POLL_MS));
      const jobs = await readJobs();
      if (!jobs) continue; // a moment without the network: the job runs on
      const job = jobs.find((j) => j.id === started.data.id);
      if (!job) return null;
      onProgress(job.report.length);
      if (job.finished) {
        await closeBulkReportAction({ id: job.id }).catch(() => undefined);
        void queryClient.invalidateQueries({ queryKey: queryKeys.bulkJobs() });
        return job.report;
      }
    }
  };
}

/**
 * In the header, on every page: the member's bulk action running on the server, how far it has
 * got, and once it ended its outcome row by row until they close it. A job goes on when the tab
 * that started it closes, so this is where its outcome is found, on any device.
 */
export function BulkJobs({ initial }: { initial: BulkJobView[] }) {
  const t = useTranslations('ui.bulk');
  const queryClient = useQueryClient();
  const { data } = useBulkJobs(initial);
  const [open, setOpen] = useState(false);
  const job = data?.find((j) => !j.finished) ?? data?.[0];
  if (!job) return null;
  const done = job.report.filter((o) => o.result === 'done').length;
  const label = job.finished
    ? t(`${job.kind}.summary`, { count: done, total: job.total })
    : t(`${job.kind}.progress`, { done: job.report.length, total: job.total });
  const close = async () => {
    setOpen(false);
    await closeBulkReportAction({ id: job.id });
    await queryClient.invalidateQueries({ queryKey: queryKeys.bulkJobs() });
  };
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={`${t('indicator')}: ${label}`}
        title={label}
        data-testid="bulk-jobs"
        data-state={job.finished ? 'finished' : 'running'}
        className="inline-flex min-h-9 min-w-9 items-center justify-center gap-1.5 rounded-md px-2 py-1.5 text-sm text-slate-700 tabular-nums ring-1 ring-slate-300 ring-inset hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
      >
        {job.finished ? (
          <span aria-hidden className={done === job.total ? 'text-emerald-700' : 'text-amber-700'}>
            {done === job.total ? '✓' : '!'}
          </span>
        ) : (
          <Spinner on />
        )}
        <span className="hidden max-w-56 truncate sm:inline">{label}</span>
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={t(`${job.kind}.title`, { total: job.total })} testId="bulk-job">
        {job.finished ? (
          <BulkReport report={job.report} kind={job.kind} onClose={() => void close()} />
        ) : (
          <div className="space-y-2 text-sm">
            <p role="status">{label}</p>
            <p className="text-slate-600">{t('goesOn')}</p>
          </div>
        )}
      </Dialog>
    </>
  );
}
