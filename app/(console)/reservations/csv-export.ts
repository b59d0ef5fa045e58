import { CsvRecordCounter } from './csv-records';

export type ExportState =
  | { phase: 'idle' }
  | { phase: 'running'; rows: number; total: number }
  | { phase: 'done'; rows: number }
  | { phase: 'cancelled'; rows: number }
  | { phase: 'failed'; failure: ExportFailure };

/**
 * Why an export failed, for the button to word: the server's own message, an HTTP status without
 * one, or the download stopped (with the browser's reason, if it gave one).
 */
export type ExportFailure =
  { kind: 'server'; message: string } | { kind: 'http'; status: number } | { kind: 'stopped'; message: string | null };

/**
 * Runs the export of a search: reads the CSV as it arrives, reporting the records counted so far,
 * and hands the whole file to the browser as a download named for the member's today. Resolves
 * with how it ended.
 */
export async function exportCsv({
  query,
  totalItems,
  signal,
  onProgress,
}: {
  query: string;
  totalItems: number;
  signal: AbortSignal;
  onProgress: (rows: number, total: number) => void;
}): Promise<ExportState> {
  const counter = new CsvRecordCounter();
  try {
    const res = await fetch(`/api/reservations/export${query ? `?${query}` : ''}`, { signal });
    if (!res.ok || !res.body) {
      const body = (await res.json().catch(() => null)) as { error?: string } | null;
      return {
        phase: 'failed',
        failure: body?.error ? { kind: 'server', message: body.error } : { kind: 'http', status: res.status },
      };
    }
    const total = Number(res.headers.get('x-total-items') ?? totalItems);
    const reader = res.body.getReader();
    const chunks: Uint8Array[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      counter.push(value);
      onProgress(counter.records, total);
    }
    const url = URL.createObjectURL(new Blob(chunks as BlobPart[], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    // named as the server named it: for the member's day, in their zone
    link.download =
      /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ??
      `reservations-${new Date().toISOString().slice(0, 10)}.csv`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return { phase: 'done', rows: counter.records };
  } catch (e) {
    if (signal.aborted) return { phase: 'cancelled', rows: counter.records };
    return {
      phase: 'failed',
      failure: { kind: 'stopped', message: e instanceof Error && e.message ? e.message : null },
    };
  }
}
