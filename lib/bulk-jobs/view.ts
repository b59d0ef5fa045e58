/**
 * A bulk action run as a job on the server (lib/server/bulk-jobs), as its member's pages show it:
 * how far it has got, and each row's outcome once tried.
 */

/** What a job does to each row: `cancel` reservations, or `change` the team's members (a role, or their access). */
export type BulkJobKind = 'cancel' | 'change';

/** How one row of a bulk action ended: nothing is left unsaid. */
export type BulkRowOutcome =
  | { id: string; name: string; result: 'done' }
  | { id: string; name: string; result: 'refused'; reason: string }
  /** `reason`: the refusal that stopped the run, at the row named `stoppedAt` */
  | { id: string; name: string; result: 'not tried'; reason: string; stoppedAt: string };

export interface BulkJobView {
  id: string;
  kind: BulkJobKind;
  /** the rows it takes on */
  total: number;
  finished: boolean;
  startedAt: string;
  /** the rows tried so far (all of them once finished), in order */
  report: BulkRowOutcome[];
}
