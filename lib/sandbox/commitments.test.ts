import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { CommitmentRow } from '../guestbook/schemas';
import type { RunningSandbox } from './server';
import { accessToken, call, startTestSandbox } from './testing';

/** A commitment row as the API returns it (the fields these tests read). */
type Row = CommitmentRow;

let sandbox: RunningSandbox;
let token: string;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await fetch(`${sandbox.url}/_sandbox/reset`, { method: 'POST' });
  token = await accessToken(sandbox, { organization: 'org_harbour_vine_direct' });
});

async function rows(query = 'status[]=assigned&status[]=unassigned&status[]=ended&limit=100'): Promise<Row[]> {
  const res = await call(sandbox, token, `/v2/commitments?${query}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Row[] }).data;
}
const put = (data: { id: string; entity_seats: number }[]) =>
  call(sandbox, token, '/v2/commitments', { method: 'PUT', body: JSON.stringify({ data }) });
const audit = async () =>
  ((await (await fetch(`${sandbox.url}/_sandbox/audit-events`)).json()) as { data: unknown[] }).data.length;

describe('GET /v2/commitments', () => {
  it('holds the seat equation on every row, and defaults to assigned rows', async () => {
    const all = await rows();
    expect(all.length).toBeGreaterThan(5);
    for (const r of all) expect(r.total_seats).toBe((r.entity_seats ?? 0) + r.peer_seats + r.unallocated_seats);
    expect(all.filter((r) => r.assignment_status === 'unassigned').every((r) => r.entity_seats === null)).toBe(true);
    const defaults = await rows('limit=100');
    expect(defaults.map((r) => r.id)).toEqual(all.filter((r) => r.assignment_status === 'assigned').map((r) => r.id));
  });

  it('pages the filtered union', async () => {
    const union = await rows('status[]=assigned&status[]=unassigned&limit=100');
    const page2 = await call(sandbox, token, '/v2/commitments?status[]=assigned&status[]=unassigned&limit=3&page=2');
    const body = (await page2.json()) as { data: Row[]; pagination: Record<string, number> };
    expect(body.data.map((r) => r.id)).toEqual(union.slice(3, 6).map((r) => r.id));
    expect(body.pagination).toEqual({
      current_page: 2,
      total_pages: Math.ceil(union.length / 3),
      total_items: union.length,
      items_per_page: 3,
    });
  });

  it('rejects malformed filters with 400 naming the parameter', async () => {
    const res = await call(sandbox, token, '/v2/commitments?venue_id=nope');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { detail: string }).detail).toContain('venue_id');
  });
});

describe('PUT /v2/commitments', () => {
  it('replaces the complete set: omitted rows become unassigned, others are upserted', async () => {
    const assigned = (await rows()).filter((r) => r.assignment_status === 'assigned');
    expect(assigned.length).toBeGreaterThanOrEqual(2);
    const [keep, drop] = assigned as [Row, Row];
    const res = await put([{ id: keep.id, entity_seats: Math.max(0, keep.entity_seats! - 1) }]);
    expect(res.status).toBe(200);
    const after = await rows();
    expect(after.find((r) => r.id === keep.id)).toMatchObject({
      assignment_status: 'assigned',
      entity_seats: keep.entity_seats! - 1,
      unallocated_seats: keep.unallocated_seats + 1,
    });
    expect(after.find((r) => r.id === drop.id)).toMatchObject({
      assignment_status: 'unassigned',
      entity_seats: null,
      unallocated_seats: drop.unallocated_seats + drop.entity_seats!,
    });
  });

  it('unassigns everything with data: [] but leaves ended rows alone', async () => {
    const ended = (await rows()).filter((r) => r.assignment_status === 'ended');
    expect((await rows('limit=100')).length).toBeGreaterThan(0);
    expect((await put([])).status).toBe(200);
    // the same list read again reflects the change (no list is kept past a change)
    expect(await rows('limit=100')).toEqual([]);
    const after = await rows();
    expect(after.filter((r) => r.assignment_status === 'assigned')).toEqual([]);
    expect(after.filter((r) => r.assignment_status === 'ended')).toEqual(ended);
  });

  it('refuses over-allocation and ineligible ids with 422 naming the commitment, changing nothing', async () => {
    const before = await rows();
    const target = before.find((r) => r.assignment_status === 'unassigned')!;
    const assignedBody = before
      .filter((r) => r.assignment_status === 'assigned')
      .map((r) => ({ id: r.id, entity_seats: r.entity_seats! }));
    const over = await put([...assignedBody, { id: target.id, entity_seats: target.unallocated_seats + 1 }]);
    expect(over.status).toBe(422);
    expect(((await over.json()) as { detail: string }).detail).toContain(target.id);

    const foreign = '00000000-0000-4000-8000-000000000001';
    const ineligible = await put([{ id: foreign, entity_seats: 1 }]);
    expect(ineligible.status).toBe(422);
    expect(((await ineligible.json()) as { detail: string }).detail).toContain(foreign);
    expect(await rows()).toEqual(before);
  });

  it('records audit events for changes only: an identical re-send records none', async () => {
    const assigned = (await rows()).filter((r) => r.assignment_status === 'assigned');
    const body = assigned.map((r) => ({ id: r.id, entity_seats: r.entity_seats! }));
    const start = await audit();
    expect((await put(body)).status).toBe(200);
    expect(await audit()).toBe(start);
    body[0]!.entity_seats = Math.max(0, body[0]!.entity_seats - 1);
    expect((await put(body)).status).toBe(200);
    expect(await audit()).toBe(start + 1);
  });

  it('freezes rows as ended snapshots when their agreement ends', async () => {
    const assigned = (await rows()).filter((r) => r.assignment_status === 'assigned');
    const one = assigned[0]!;
    const agreement = (
      (await (await call(sandbox, token, `/v2/commitments/${one.id}`)).json()) as { data: { agreement_id: string } }
    ).data.agreement_id;
    await fetch(`${sandbox.url}/_sandbox/agreements/${agreement}/end`, { method: 'POST' });
    const row = ((await (await call(sandbox, token, `/v2/commitments/${one.id}`)).json()) as { data: Row }).data;
    expect(row).toMatchObject({
      assignment_status: 'ended',
      entity_seats: one.entity_seats,
      peer_seats: one.peer_seats,
      unallocated_seats: one.unallocated_seats,
    });
    const res = await put(assigned.map((r) => ({ id: r.id, entity_seats: r.entity_seats! })));
    expect(res.status).toBe(422);
    expect(((await res.json()) as { detail: string }).detail).toContain(one.id);
  });

  it('refuses a malformed body (unknown field, bad uuid) with 400', async () => {
    expect(
      (await call(sandbox, token, '/v2/commitments', { method: 'PUT', body: JSON.stringify({ data: [], extra: 1 }) }))
        .status,
    ).toBe(400);
    expect(
      (
        await call(sandbox, token, '/v2/commitments', {
          method: 'PUT',
          body: JSON.stringify({ data: [{ id: 'x', entity_seats: 1 }] }),
        })
      ).status,
    ).toBe(400);
  });
});
