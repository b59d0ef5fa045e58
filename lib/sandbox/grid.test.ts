import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { CommitmentRow } from '../guestbook/schemas';
import { allocationKey, type WorldData } from './model';
import { DEMO_GRID, DEMO_PARTNER, parseGridSize, seedDemoWorld } from './seed/demo';
import type { RunningSandbox } from './server';
import { accessToken, call, startTestSandbox } from './testing';

const GRID = { commitments: 2_000, entities: 25 };
const TODAY = new Date('2026-06-15T00:00:00Z');

/** A commitment row as the API returns it (the fields these tests read). */
type Row = CommitmentRow;

describe('grid size', () => {
  it('reads COMMITMENTSxENTITIES from the demo world’s own size up', () => {
    expect(parseGridSize('2000x25')).toEqual(GRID);
    expect(parseGridSize(`${DEMO_GRID.commitments}x${DEMO_GRID.entities}`)).toEqual(DEMO_GRID);
    for (const bad of [
      '2000',
      '2000x',
      'x25',
      '2000x25x1',
      '2000 x 25',
      '-5x25',
      `${DEMO_GRID.commitments - 1}x25`,
      `2000x${DEMO_GRID.entities - 1}`,
      '100001x25',
      '2000x1001',
    ]) {
      expect(parseGridSize(bad), bad).toBeNull();
    }
  });
});

describe('the large grid world', () => {
  const demo = seedDemoWorld({ today: TODAY });
  const grid = seedDemoWorld({ today: TODAY, grid: GRID });

  it('is the demo world with more entities and commitments: same partner, logins, credentials and records', () => {
    for (const [name, records] of Object.entries(demo) as [keyof WorldData, Map<string, unknown>][]) {
      for (const [id, record] of records) {
        if (name === 'identities' && id === DEMO_PARTNER.identityId) continue;
        expect(grid[name].get(id), `${name} ${id}`).toEqual(record);
      }
    }
    const partner = grid.identities.get(DEMO_PARTNER.identityId)!;
    const { entity_ids: demoEntities, ...rest } = demo.identities.get(DEMO_PARTNER.identityId)!;
    expect(partner).toMatchObject(rest);
    expect(partner.entity_ids.slice(0, demoEntities.length)).toEqual(demoEntities);
    expect(new Set(partner.entity_ids)).toEqual(new Set(grid.entities.keys()));
    expect(grid.entities.size).toBe(GRID.entities);
    expect(grid.commitments.size).toBe(GRID.commitments);
    expect(seedDemoWorld({ today: TODAY, grid: GRID })).toEqual(grid);
  });

  it('keeps every allocation rule on every commitment, with every kind of row', () => {
    const holders = new Map<string, number>();
    const allocated = new Map<string, number>();
    for (const a of grid.allocations.values()) {
      const c = grid.commitments.get(a.commitment_id)!;
      expect(
        grid.entities.get(a.entity_id)!.programs.map((p) => p.program_id),
        'the entity holds the commitment’s program',
      ).toContain(c.program_id);
      expect(a.entity_seats).toBeGreaterThan(0);
      holders.set(c.id, (holders.get(c.id) ?? 0) + 1);
      allocated.set(c.id, (allocated.get(c.id) ?? 0) + a.entity_seats);
    }
    let unheld = 0;
    let shared = 0;
    let full = 0;
    let ended = 0;
    for (const c of grid.commitments.values()) {
      expect(allocated.get(c.id) ?? 0, `commitment ${c.id}`).toBeLessThanOrEqual(c.total_seats);
      if (!demo.commitments.has(c.id)) {
        expect(c.total_seats).toBeGreaterThanOrEqual(10);
        expect(c.total_seats).toBeLessThanOrEqual(60);
      }
      if (grid.agreements.get(c.agreement_id)!.ended_at) {
        ended++;
        expect(Object.keys(c.snapshot ?? {}).length, 'an ended commitment is seen by its holders').toBeGreaterThan(0);
        expect(Object.values(c.snapshot!).reduce((s, n) => s + n, 0)).toBe(allocated.get(c.id));
      }
      if (!holders.has(c.id)) unheld++;
      if ((holders.get(c.id) ?? 0) > 1) shared++;
      if (allocated.get(c.id) === c.total_seats) full++;
    }
    for (const [kind, n] of Object.entries({ unheld, shared, full, ended })) expect(n, kind).toBeGreaterThan(40);
  });
});

describe('GET /v2/commitments on the large grid, entity by entity', () => {
  let sandbox: RunningSandbox;
  let partner: string;
  beforeAll(async () => {
    sandbox = await startTestSandbox({ today: TODAY, reservations: 200, grid: GRID });
    partner = await accessToken(sandbox);
  });
  afterAll(() => sandbox.close());

  /** The entity's own context: its org-bound token, or the partner's token and the X-Entity-Id header. */
  async function contextOf(e: { id: string; org_id: string | null }) {
    return e.org_id
      ? { token: await accessToken(sandbox, { organization: e.org_id }) }
      : { token: partner, entityId: e.id };
  }

  /** Every page of the entity's rows at limit 100, as the dashboard reads them, checking each page's envelope. */
  async function readAll(
    context: { token: string; entityId?: string },
    statuses = ['assigned', 'unassigned', 'ended'],
  ): Promise<Row[]> {
    const rows: Row[] = [];
    for (let page = 1; ; page++) {
      const res = await call(
        sandbox,
        context.token,
        `/v2/commitments?${statuses.map((s) => `status[]=${s}`).join('&')}&limit=100&page=${page}`,
        { entityId: context.entityId },
      );
      expect(res.status).toBe(200);
      const body = (await res.json()) as {
        data: Row[];
        pagination: { current_page: number; total_pages: number; total_items: number };
      };
      expect(body.pagination.current_page).toBe(page);
      expect(body.data.length).toBe(Math.min(100, body.pagination.total_items - (page - 1) * 100));
      rows.push(...body.data);
      if (page >= body.pagination.total_pages) {
        expect(rows.length).toBe(body.pagination.total_items);
        expect(new Set(rows.map((r) => r.id)).size, 'no row on two pages').toBe(rows.length);
        return rows;
      }
    }
  }

  it('shows 2,000 commitments over 25 entities, every page consistent with the others and with the seat rules', async () => {
    const list = await call(sandbox, partner, '/v2/entities?limit=100');
    const entities = ((await list.json()) as { data: { id: string; org_id: string | null }[] }).data;
    expect(entities).toHaveLength(GRID.entities);

    const rowsOf = new Map<string, Row[]>();
    for (const e of entities) rowsOf.set(e.id, await readAll(await contextOf(e)));

    const byCommitment = new Map<string, { entityId: string; row: Row }[]>();
    for (const [entityId, rows] of rowsOf)
      for (const row of rows) byCommitment.set(row.id, [...(byCommitment.get(row.id) ?? []), { entityId, row }]);
    expect(byCommitment.size).toBe(GRID.commitments);
    const { world } = sandbox.state;
    for (const [id, seen] of byCommitment) {
      const c = world.data.commitments.get(id)!;
      const held = seen.reduce((s, { row }) => s + (row.entity_seats ?? 0), 0);
      for (const { entityId, row } of seen) {
        expect(row.total_seats).toBe(c.total_seats);
        expect(row.total_seats).toBe((row.entity_seats ?? 0) + row.peer_seats + row.unallocated_seats);
        expect(row.unallocated_seats).toBeGreaterThanOrEqual(0);
        // Every entity sees the same seats taken, and its peers hold what it does not.
        expect(row.unallocated_seats).toBe(c.total_seats - held);
        expect(row.peer_seats).toBe(held - (row.entity_seats ?? 0));
        if (row.assignment_status === 'unassigned') expect(row.entity_seats).toBeNull();
        const seats =
          row.assignment_status === 'ended'
            ? c.snapshot![entityId]
            : world.data.allocations.get(allocationKey(entityId, id))?.entity_seats;
        expect(row.entity_seats ?? undefined).toBe(seats);
      }
    }
  });

  it('lets the partner set seats for a new delegate’s entity in its context, within the rules', async () => {
    const added = [...sandbox.state.world.data.entities.values()].find((e) => e.name === 'Atlas Concierge')!;
    expect(sandbox.state.world.data.identities.get(DEMO_PARTNER.identityId)!.entity_ids).toContain(added.id);
    const context = await contextOf(added);
    const rows = await readAll(context, ['assigned', 'unassigned']);
    const open = rows.find((r) => r.assignment_status === 'unassigned' && r.unallocated_seats > 0)!;
    // PUT takes the entity's complete set: everything it holds, plus the new row.
    const held = rows
      .filter((r) => r.assignment_status === 'assigned')
      .map((r) => ({ id: r.id, entity_seats: r.entity_seats! }));
    const put = (data: { id: string; entity_seats: number }[]) =>
      call(sandbox, context.token, '/v2/commitments', {
        method: 'PUT',
        entityId: context.entityId,
        body: JSON.stringify({ data }),
      });
    expect((await put([...held, { id: open.id, entity_seats: open.unallocated_seats + 1 }])).status).toBe(422);
    expect((await put([...held, { id: open.id, entity_seats: open.unallocated_seats }])).status).toBe(200);
    const after = await readAll(context, ['assigned']);
    expect(after.find((r) => r.id === open.id)).toMatchObject({
      entity_seats: open.unallocated_seats,
      unallocated_seats: 0,
    });
    expect(after).toHaveLength(held.length + 1);
  });
});
