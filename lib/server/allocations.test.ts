import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createGuestbookClient, type GuestbookClient } from '../guestbook';
import type { CommitmentRow, Entity } from '../guestbook/schemas';
import { DEMO_PARTNER } from '../sandbox/seed/demo';
import type { RunningSandbox } from '../sandbox/server';
import { startTestSandbox } from '../sandbox/testing';

vi.mock('server-only', () => ({}));
const api: { client?: GuestbookClient } = {};
vi.mock('./guestbook', () => ({ getApiClient: () => api.client! }));

const { AllocationError, applyChanges } = await import('./allocations');

let sandbox: RunningSandbox;
let entities: Entity[];

beforeAll(async () => {
  sandbox = await startTestSandbox();
  api.client = createGuestbookClient({ baseUrl: sandbox.url, authUrl: sandbox.url, audience: `${sandbox.url}/`, clientId: DEMO_PARTNER.clientId, clientSecret: DEMO_PARTNER.clientSecret });
  entities = (await api.client.listEntities({ limit: 100 })).data;
});
afterAll(() => sandbox.close());

const rowsOf = async (e: Entity): Promise<CommitmentRow[]> =>
  (await api.client!.asEntity(e).listCommitments({ status: ['assigned', 'unassigned'], limit: 100 })).data;

describe('applyChanges under concurrent use', () => {
  it('keeps both of two applies that change different cells of one entity at the same time', async () => {
    let found: { entity: Entity; rows: CommitmentRow[] } | undefined;
    for (const e of entities) {
      const rows = (await rowsOf(e).catch(() => [])).filter((r) => r.assignment_status === 'assigned' && (r.entity_seats ?? 0) >= 1);
      if (rows.length >= 2) found = { entity: e, rows };
      if (found) break;
    }
    const { entity, rows } = found!;
    const [a, b] = rows as [CommitmentRow, CommitmentRow];
    const change = (r: CommitmentRow) => [{ commitmentId: r.id, entityId: entity.id, before: r.entity_seats!, after: r.entity_seats! - 1 }];

    const outcomes = await Promise.all([applyChanges(change(a)), applyChanges(change(b))]);

    // decreases only: phase 1 sets the final values, and phase 2 sends nothing more
    expect(outcomes.map((o) => o.status === 'applied' && o.requests)).toEqual([1, 1]);
    const after = await rowsOf(entity);
    expect(after.find((r) => r.id === a.id)!.entity_seats).toBe(a.entity_seats! - 1);
    expect(after.find((r) => r.id === b.id)!.entity_seats).toBe(b.entity_seats! - 1);
  });

  it('refuses the second of two increases that each fit a commitment alone but not together, sending nothing for it', async () => {
    const views = new Map<string, { entity: Entity; row: CommitmentRow }[]>();
    for (const e of entities) for (const row of await rowsOf(e).catch(() => [])) views.set(row.id, [...(views.get(row.id) ?? []), { entity: e, row }]);
    const [, [x, y]] = [...views].find(([, v]) => v.length >= 2 && v[0]!.row.unallocated_seats >= 1) as [string, [{ entity: Entity; row: CommitmentRow }, { entity: Entity; row: CommitmentRow }]];
    const free = x.row.unallocated_seats;
    const take = (v: typeof x) => [{ commitmentId: v.row.id, entityId: v.entity.id, before: v.row.entity_seats ?? 0, after: (v.row.entity_seats ?? 0) + free }];

    const outcomes = await Promise.allSettled([applyChanges(take(x)), applyChanges(take(y))]);

    const applied = outcomes.filter((o) => o.status === 'fulfilled' && o.value.status === 'applied');
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(applied).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toBeInstanceOf(AllocationError);
    const row = (await rowsOf(x.entity)).find((r) => r.id === x.row.id)!;
    expect(row.unallocated_seats).toBe(0);
  });
});
