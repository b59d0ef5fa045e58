import { afterAll, beforeAll, beforeEach, expect } from 'vitest';

import { DEMO_PARTNER } from './seed/demo';
import type { RunningSandbox } from './server';
import { accessToken, call, startTestSandbox } from './testing';

/**
 * What the contract's test files (contract.test.ts, contract-reservations.test.ts) share: a sandbox of
 * their own, reset before each test, the partner's token for its direct entity, and short calls.
 * `sandbox` and `partner` are live bindings, set by the hooks that `setUpContractSandbox` registers.
 */

type Json = Record<string, unknown> & { data?: unknown };

export let sandbox: RunningSandbox;
export let partner: string;
export const DIRECT = { id: DEMO_PARTNER.defaultEntityId, org: 'org_harbour_vine_direct' };
/**
 * The contract's sandbox starts at this instant after every reset, its world seeded around it: what
 * the tests find (a reservation within the next 24 hours, a free table tomorrow) is the same at
 * any hour of the machine's clock. A Tuesday afternoon in Lisbon and London.
 */
export const CONTRACT_STARTS_AT = new Date('2026-11-24T15:00:00Z');

/** Starts the test file's sandbox and resets it before each test; call it once, at the top of the file. */
export function setUpContractSandbox(): void {
  beforeAll(async () => {
    sandbox = await startTestSandbox(undefined, { startsAt: CONTRACT_STARTS_AT });
  });
  afterAll(() => sandbox.close());
  beforeEach(async () => {
    await fetch(`${sandbox.url}/_sandbox/reset`, { method: 'POST' });
    partner = await accessToken(sandbox, { organization: DIRECT.org });
  });
}

export const get = async (token: string, p: string, entityId?: string) => {
  const res = await call(sandbox, token, p, { entityId });
  return { status: res.status, body: (await res.json()) as Json, headers: res.headers };
};
export const send = async (token: string, method: string, p: string, body?: unknown) => {
  const res = await call(sandbox, token, p, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: res.status === 204 ? {} : ((await res.json()) as Json), headers: res.headers };
};
export const control = async (p: string, body?: unknown): Promise<unknown> => {
  const res = await fetch(`${sandbox.url}/_sandbox/${p}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok, `${p} → ${res.status}`).toBe(true);
  return ((await res.json()) as { data: unknown }).data;
};
