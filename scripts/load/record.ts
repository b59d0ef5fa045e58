/** What one load run records as its sessions browse and edit: page views, actions, and every change reported as done. */
import type { Change } from '../../lib/allocation';
import type { EntityContext } from '../../lib/guestbook';
import type { TimedWrite } from './checks';

export interface PageView {
  route: string;
  /** when it was asked for (ms since the epoch) */
  at: number;
  status: number;
  ms: number;
  /** the message of the page's error state, when it shows one */
  errorState: string | null;
  /** a render failure (an error with a digest that is not a redirect or a not-found) */
  renderError: boolean;
  /** the answer asked to slow down: HTTP 429, or a page whose message speaks of a rate limit, a share or slowing down */
  slowDown: boolean;
  /** the page said it was served from a cache of an earlier read (its HTML carries a `data-as-of` attribute) */
  asOf: boolean;
  /** the server's id of the request (X-Request-Id), to find in its log */
  requestId?: string;
}

export type Outcome = 'ok' | 'conflict' | 'failed' | 'refused' | 'rate-limited' | 'http-error' | 'no-answer';

export interface ActionRecord {
  kind: string;
  outcome: Outcome;
  status: number;
  ms: number;
  start: number;
  end: number;
  staff: string;
  message?: string;
  /** the server's id of the request (X-Request-Id), to find in its log */
  requestId?: string;
}

export const cellKey = (commitmentId: string, entityId: string) => `${commitmentId}:${entityId}`;

export const sortCells = <T extends { commitmentId: string; entityId: string }>(cells: T[]) =>
  [...cells].sort((a, b) => cellKey(a.commitmentId, a.entityId).localeCompare(cellKey(b.commitmentId, b.entityId)));

function push<T>(map: Map<string, TimedWrite<T>[]>, key: string, write: TimedWrite<T>) {
  map.set(key, [...(map.get(key) ?? []), write]);
}

export class RunRecord {
  pageViews: PageView[] = [];
  actions: ActionRecord[] = [];
  readonly serverErrors: string[] = [];
  readonly notesWrites = new Map<string, TimedWrite<string | null>[]>();
  readonly partySizeWrites = new Map<string, TimedWrite<number | null>[]>();
  readonly cancels = new Map<string, TimedWrite<string>[]>();
  /** the entity each changed reservation was changed as, to read it back as that entity */
  readonly reservationContext = new Map<string, EntityContext>();
  readonly entityNameWrites = new Map<string, TimedWrite<string>[]>();
  readonly appliedChanges: { start: number; end: number; changes: Change[] }[] = [];
  /** cells an apply left part-way (a failure between its PUTs): their value is whatever the API kept */
  readonly uncertainCells = new Set<string>();
  /** audit keys of every success, to find in the audit log */
  readonly expectedAudit: string[] = [];
  /** grid loads, and those showing a row read-only because the entities' views of it disagree */
  readonly gridLoads = { parsed: 0, withInconsistentRows: 0 };

  /** Sets the setup's page views and actions aside (their counts returned) so that the figures are the run's. */
  startRun(): { pageViews: number; actions: number } {
    const setup = { pageViews: this.pageViews.length, actions: this.actions.length };
    this.pageViews = [];
    this.actions = [];
    return setup;
  }

  reservationChanged(
    id: string,
    entity: EntityContext,
    write: TimedWrite<{ notes?: string | null; party_size?: number | null; status?: string }>,
  ) {
    this.reservationContext.set(id, entity);
    const { start, end, value } = write;
    if ('notes' in value) push(this.notesWrites, id, { start, end, value: value.notes ?? null });
    if ('party_size' in value) push(this.partySizeWrites, id, { start, end, value: value.party_size ?? null });
    if (value.status) push(this.cancels, id, { start, end, value: value.status });
  }

  entityRenamed(id: string, write: TimedWrite<string>) {
    push(this.entityNameWrites, id, write);
  }

  /** The reservations some session changed. */
  touchedReservations(): Set<string> {
    return new Set([...this.notesWrites.keys(), ...this.partySizeWrites.keys(), ...this.cancels.keys()]);
  }
}
