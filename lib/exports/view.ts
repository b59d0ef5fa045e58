/**
 * A reservations export prepared on the server (lib/server/exports), as its member's pages show
 * it: its search, how far it has got, and whether its file is ready, stopped or gone.
 */

/** How long a file is kept for its member to download, from when it was ready. */
export const EXPORT_FILE_RETENTION_DAYS = 7;

export type ExportFileState = 'preparing' | 'ready' | 'stopped';

export interface ExportFileView {
  id: string;
  state: ExportFileState;
  /** the search, in the API's filter syntax */
  query: string;
  /** the reservations the search held when it started, and those written so far */
  total: number;
  rows: number;
  /** why it stopped, in the member's language when it started */
  failure: string | null;
  startedAt: string;
  finishedAt: string | null;
  /** until when its file can be downloaded */
  keptUntil: string | null;
}
