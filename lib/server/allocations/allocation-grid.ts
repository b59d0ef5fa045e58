/**
 * What the allocation grid shows: every managed entity's commitment rows (in a scope of the
 * grid), read in each entity's own context, with the venues and programs around them.
 */
import 'server-only';

import { mergeGrid, packGrid, type EntityRef, type GridRow, type PackedGrid } from '../../allocation';
import { GuestbookApiError, listPages } from '../../guestbook';
import type { CommitmentRow, Venue } from '../../guestbook/schemas';
import type { Said } from '../../i18n/said';
import {
  apiFor,
  firstPagesOf,
  knownPrograms,
  listEntities,
  listVenues,
  readCopy,
  storedCopy,
  type ProgramOption,
} from '../directory';
import { describeApiError } from '../http';

/** Entity reads run at most this many at a time, so a large grid stays inside the request budget. */
const PARALLEL_READS = 10;

export interface AllocationData {
  entities: EntityRef[];
  rowsByEntity: Record<string, CommitmentRow[]>;
  /** the rows merged, one per commitment (mergeGrid) */
  grid: GridRow[];
  /** entities whose rows could not be read (e.g. a missing scope), with the reason (the page says it) */
  unreadable: { entityId: string; name: string; why: Said }[];
  venues: Pick<Venue, 'id' | 'name' | 'time_zone'>[];
  programs: ProgramOption[];
}

/** What the browser gets to draw the grid: the rows merged and packed (see `packGrid`). */
export interface GridData {
  entities: EntityRef[];
  grid: PackedGrid;
  venues: AllocationData['venues'];
  programs: ProgramOption[];
}

export function gridData({ entities, grid, venues, programs }: AllocationData): GridData {
  return { entities, grid: packGrid(entities, grid), venues, programs };
}

/** Each entity's rows in the scope; an entity the API refuses to show is named with the reason. */
async function readRowsOf(entities: EntityRef[], scope: GridScope) {
  const unreadable: AllocationData['unreadable'] = [];
  const rows = await perEntity(entities, async (e) => {
    try {
      return await copiedEntityRows(e, scope);
    } catch (error) {
      if (!(error instanceof GuestbookApiError) || error.status === 0 || error.status >= 500) throw error;
      unreadable.push({ entityId: e.id, name: e.name, why: describeApiError(error).said });
      return null;
    }
  });
  return { entities, rows, unreadable };
}

/** `fn` for each entity, at most PARALLEL_READS at a time; the results in the entities' order. */
export async function perEntity<T, R>(entities: readonly T[], fn: (entity: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(entities.length);
  let next = 0;
  const worker = async () => {
    while (next < entities.length) {
      const i = next++;
      results[i] = await fn(entities[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_READS, entities.length) }, worker));
  return results;
}

/** The part of the grid read: one venue, one program, both, or (null, null) every commitment. */
export interface GridScope {
  venue: string | null;
  program: string | null;
}
const WHOLE_GRID: GridScope = { venue: null, program: null };

const inScope = (rows: readonly CommitmentRow[], scope: GridScope) =>
  rows.filter(
    (r) =>
      (scope.venue === null || r.venue_id === scope.venue) &&
      (scope.program === null || r.program_id === scope.program),
  );

/** One entity's rows in the scope (the grid, the overview), from the copy of its commitments. */
export async function copiedEntityRows(entity: EntityRef, scope: GridScope = WHOLE_GRID): Promise<CommitmentRow[]> {
  return inScope(await readCopy<CommitmentRow>('commitments', entity), scope);
}

/** Every commitment row of one entity in the scope, in all three statuses, read from the API in its own context (an apply's re-read). */
export async function readEntityRows(entity: EntityRef, scope: GridScope = WHOLE_GRID): Promise<CommitmentRow[]> {
  const api = apiFor(entity);
  const inScope = {
    ...(scope.venue ? { venue_id: scope.venue } : {}),
    ...(scope.program ? { program_id: scope.program } : {}),
  };
  return listPages(
    (page) => api.listCommitments({ status: ['assigned', 'unassigned', 'ended'], ...inScope, page, limit: 100 }),
    1_000,
  );
}

/**
 * The entities' rows merged. Their copies are read one after another, and an apply revises them
 * all in one transaction: a read that fell on both sides of one shows the entities disagreeing.
 * Their copies are then read once more, as they are stored now, before a row is shown read-only.
 */
async function agreeingRows(shown: EntityRef[], firstRead: Record<string, CommitmentRow[]>, scope: GridScope) {
  const grid = mergeGrid(shown, firstRead);
  if (!grid.some((row) => row.inconsistent)) return { rowsByEntity: firstRead, grid };
  const rowsByEntity = Object.fromEntries(
    await perEntity(shown, async (e) => {
      const now = await storedCopy<CommitmentRow>('commitments', e);
      return [e.id, now ? inScope(now.items, scope) : firstRead[e.id]!] as const;
    }),
  );
  return { rowsByEntity, grid: mergeGrid(shown, rowsByEntity) };
}

/**
 * What the allocation grid needs: the managed entities and each one's view of every commitment
 * in the scope. A venue or program narrows the reads themselves (GET /v2/commitments?venue_id=),
 * so a grid of one venue costs a fraction of the requests of the whole.
 */
export async function loadAllocationData(scope: GridScope = WHOLE_GRID): Promise<AllocationData> {
  // The venues are read alongside the entity list and the rows of its entities.
  const venuesRead = firstPagesOf(listVenues, 100);
  venuesRead.catch(() => undefined);
  const all = await listEntities();
  const refs: EntityRef[] = all.map((e) => ({ id: e.id, name: e.name, org_id: e.org_id }));
  const { entities, rows, unreadable } = await readRowsOf(refs, scope);
  const firstRead: Record<string, CommitmentRow[]> = Object.fromEntries(
    entities.flatMap((e, i) => (rows[i] ? [[e.id, rows[i]]] : [])),
  );
  const shown = entities.filter((e) => firstRead[e.id]);
  const { rowsByEntity, grid } = await agreeingRows(shown, firstRead, scope);
  const venues = (await venuesRead).map((v) => ({ id: v.id, name: v.name, time_zone: v.time_zone }));
  return {
    entities: shown,
    rowsByEntity,
    grid,
    unreadable,
    venues,
    programs: knownPrograms(all),
  };
}
