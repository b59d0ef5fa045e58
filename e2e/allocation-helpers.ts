import { expect, type APIRequestContext, type Page } from '@playwright/test';

import { DEMO_PARTNER } from '../lib/sandbox/seed/demo';
import { buildActions } from './action-list';
import { sandboxApi, sandboxPutCommitments } from './sandbox';
import { callAction } from './server-actions';

/** Shared by the allocation grid's e2e specs: the sandbox's view of the commitments, and the grid's rows and thumbs. */

export const partner = { clientId: DEMO_PARTNER.clientId, clientSecret: DEMO_PARTNER.clientSecret };

export interface Entity {
  id: string;
  name: string;
  org_id: string | null;
}
export interface Row {
  id: string;
  assignment_status: 'assigned' | 'unassigned' | 'ended';
  total_seats: number;
  entity_seats: number | null;
  peer_seats: number;
  unallocated_seats: number;
  venue_id: string;
}

export async function entities(request: APIRequestContext): Promise<Entity[]> {
  return ((await sandboxApi(request, '/v2/entities?limit=100', partner)) as { data: Entity[] }).data;
}
export async function rowsOf(request: APIRequestContext, e: Entity): Promise<Row[]> {
  return (
    (await sandboxApi(
      request,
      '/v2/commitments?status[]=assigned&status[]=unassigned&status[]=ended&limit=100',
      partner,
      { orgId: e.org_id, entityId: e.id },
    )) as { data: Row[] }
  ).data;
}
export const assignedSet = (rows: Row[]) =>
  Object.fromEntries(rows.filter((r) => r.assignment_status === 'assigned').map((r) => [r.id, r.entity_seats]));

/** The last boundary of a row borders the unallocated seats; its test id names the entity on its left. */
export async function lastBoundary(page: Page, commitmentId: string) {
  const handle = page.locator(`[data-testid^="boundary-${commitmentId}-"]`).last();
  const entityId = (await handle.getAttribute('data-testid'))!.slice(`boundary-${commitmentId}-`.length);
  return { handle, entityId };
}

/** The grid open on a row with room to grow, the entity left of its unallocated seats, and that entity's rows now. */
export async function gridOnRoomyRow(page: Page, request: APIRequestContext, minUnallocated: number) {
  await openGrid(page);
  const row = await roomyRow(request, page, minUnallocated);
  const { handle, entityId } = await lastBoundary(page, row.id);
  const entity = (await entities(request)).find((e) => e.id === entityId)!;
  const before = await rowsOf(request, entity);
  return { row, handle, entity, before, seatsBefore: before.find((r) => r.id === row.id)!.entity_seats ?? 0 };
}

export async function openGrid(page: Page) {
  await page.goto('/allocations');
  await expect(page.getByTestId('allocation-grid')).toBeVisible();
  // Its handlers attached: a drag or a key before hydration would change nothing.
  await page.locator('[data-testid="allocation-grid"][data-hydrated]').waitFor();
}

export async function applyAndWait(page: Page, changes: number) {
  await page.getByRole('button', { name: `Apply ${changes} change${changes === 1 ? '' : 's'}` }).click();
  await expect(page.getByTestId('allocation-notice')).toContainText(`Applied ${changes} change`);
}

/** A row with room to grow: unallocated seats, seen from an entity that can edit it. */
/**
 * The Wharf Kitchen's dinner: the booking specs fill the default entity's allocation on it to the
 * last seat, so the grid specs, which grow allocations, leave it alone.
 */
export const BOOKING_COMMITMENT = '18fad8c2-e3c6-5b50-8f8d-3a30832fa084';

export async function roomyRow(request: APIRequestContext, page: Page, minUnallocated: number, skip: string[] = []) {
  const all = await entities(request);
  const direct = all.find((e) => e.id === DEMO_PARTNER.defaultEntityId)!;
  const candidates = (await rowsOf(request, direct)).filter(
    (r) =>
      r.assignment_status !== 'ended' &&
      r.unallocated_seats >= minUnallocated &&
      r.id !== BOOKING_COMMITMENT &&
      !skip.includes(r.id),
  );
  for (const row of candidates) {
    const boundary = page.locator(`[data-testid^="boundary-${row.id}-"]`);
    if ((await boundary.count()) > 0) return row;
  }
  throw new Error('no commitment with unallocated seats in the demo world');
}

/**
 * Two org-bound entities A and B sharing two live commitments, both made full: on c1 A holds 2 and
 * B the rest, on c2 the other way round. Returns what each holds.
 */
export async function fullSwapSetup(request: APIRequestContext) {
  const all = await entities(request);
  for (const a of all.filter((e) => e.org_id)) {
    for (const b of all.filter((e) => e.org_id && e.id !== a.id)) {
      const [rowsA, rowsB] = [await rowsOf(request, a), await rowsOf(request, b)];
      const shared = rowsA
        .filter(
          (r) =>
            r.id !== BOOKING_COMMITMENT &&
            r.assignment_status !== 'ended' &&
            rowsB.some((x) => x.id === r.id && x.assignment_status !== 'ended'),
        )
        .slice(0, 2);
      if (shared.length < 2) continue;
      const others = (r: Row) => r.peer_seats - (rowsB.find((x) => x.id === r.id)!.entity_seats ?? 0);
      const free = shared.map((r) => r.total_seats - others(r));
      if (free.some((f) => f < 6)) continue;
      const [c1, c2] = shared as [Row, Row];
      const put = (e: Entity, set: Record<string, number | null>) =>
        sandboxPutCommitments(
          request,
          partner,
          { orgId: e.org_id, entityId: e.id },
          Object.entries(set).map(([id, seats]) => ({ id, entity_seats: seats ?? 0 })),
        );
      const setA = { ...assignedSet(rowsA), [c1.id]: 0, [c2.id]: 0 };
      const setB = { ...assignedSet(rowsB), [c1.id]: 0, [c2.id]: 0 };
      await put(a, setA);
      await put(b, setB);
      await put(a, { ...setA, [c1.id]: 2, [c2.id]: free[1]! - 2 });
      await put(b, { ...setB, [c1.id]: free[0]! - 2, [c2.id]: 2 });
      await refreshCommitmentsCopy(request, all);
      return { a, b, c1, c2, free: free as [number, number] };
    }
  }
  throw new Error('no two entities share two commitments with room');
}

/** In the grid: on c1 B gives A one seat, on c2 A gives B one seat (decreases first, as the page requires). */
export async function enterSwap(page: Page, s: Awaited<ReturnType<typeof fullSwapSetup>>) {
  const cell = (row: Row, e: Entity) =>
    page.getByTestId(`alloc-row-${row.id}`).getByLabel(new RegExp(`^Seats of ${e.name.replace(/[&]/g, '\\$&')} on`));
  await cell(s.c1, s.b).fill(String(s.free[0] - 3));
  await cell(s.c1, s.a).fill('3');
  await cell(s.c2, s.a).fill(String(s.free[1] - 3));
  await cell(s.c2, s.b).fill('3');
  await expect(page.getByTestId('allocation-changes').locator('li')).toHaveCount(4);
}

export async function seatsOn(request: APIRequestContext, s: Awaited<ReturnType<typeof fullSwapSetup>>) {
  const [rowsA, rowsB] = [await rowsOf(request, s.a), await rowsOf(request, s.b)];
  const of = (rows: Row[], c: Row) => rows.find((r) => r.id === c.id)!.entity_seats;
  return { a: [of(rowsA, s.c1), of(rowsA, s.c2)], b: [of(rowsB, s.c1), of(rowsB, s.c2)] };
}

/**
 * After seats were set in the sandbox directly (outside the console): the dashboard's copy of
 * every entity's commitments is read anew, as "Refresh now" does, so that the grid opened next
 * shows them without waiting for the sync's next turn.
 */
export async function refreshCommitmentsCopy(request: APIRequestContext, all: Entity[]) {
  const action = buildActions().find((a) => a.key === 'lib/actions/directory.ts#refreshDirectoryAction')!;
  const copies = all.map((e) => ({ resource: 'commitments', context: e.id }));
  expect(await callAction(request, action.path, action.id, [{ copies }])).toMatch(/^200 .*"ok":true/s);
}
