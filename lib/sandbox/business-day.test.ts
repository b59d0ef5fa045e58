import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sandboxControls } from './control-client';
import { DEMO_PARTNER } from './seed/demo';
import { startSandbox, type RunningSandbox } from './server';
import { accessToken, call } from './testing';

/** The demo sandbox left running into a new day at its venues (London, Lisbon, Madrid). */
describe('a demo sandbox that runs past midnight', () => {
  let sandbox: RunningSandbox;
  let token: string;
  const startsAt = new Date('2026-11-27T12:00:00Z'); // a Friday

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, memory: true, quiet: true, startsAt, followsDays: true });
    token = await accessToken(sandbox);
  });
  afterAll(() => sandbox.close());

  /** moves the sandbox's clock, with a token of then (the sandbox's tokens live an hour) */
  const clockTo = async (now: string) => {
    await sandboxControls(sandbox.url, { token: sandbox.controlToken }).setClock({ now });
    token = await accessToken(sandbox);
  };
  const kept = async (day: string) => {
    const res = await call(sandbox, token, `/v2/reservations?date=${day}&limit=100`, {
      entityId: DEMO_PARTNER.defaultEntityId,
    });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { id: string; status: string; created_at: string }[] };
    return data.filter((r) => r.status !== 'canceled');
  };

  it('books a new day it reaches with guests’ reservations made then, once, and never again on a return to it', async () => {
    expect((await kept('2026-11-27')).length).toBeGreaterThanOrEqual(3);
    // six weeks on: past the seeded reservations, which lie within 30 days of the first day
    expect(await kept('2027-01-08')).toEqual([]);

    await clockTo('2027-01-08T00:05:00Z');
    const friday = await kept('2027-01-08');
    expect(friday).toHaveLength(3);
    for (const r of friday) expect(r.created_at).toBe('2027-01-08T00:05:00Z');

    // one canceled, a day on and back: the day is not booked again
    const res = await call(sandbox, token, `/v2/reservations/${friday[0]!.id}/cancel`, {
      method: 'POST',
      body: '{}',
      entityId: DEMO_PARTNER.defaultEntityId,
    });
    expect(res.status).toBe(200);
    await clockTo('2027-01-09T09:00:00Z');
    expect(await kept('2027-01-09')).toHaveLength(3);
    await clockTo('2027-01-08T12:00:00Z');
    expect(await kept('2027-01-08')).toHaveLength(2);
  });
});
