/**
 * The sandbox alone under load: requests sent with a bearer token and plain fetch, not through
 * GuestbookClient, on purpose: its request budget, retries and response parsing would be measured
 * too, and its budget would cap the rate far below what the sandbox serves.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { DEMO_PARTNER } from '../../lib/sandbox/seed/demo';
import { startSandbox } from '../../lib/sandbox/server';
import { partnerBearer } from '../partner-client';
import { quantile, round } from '../stats';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

/** Lifts the demo partner's rate limit: the bench's own requests may be more than a production client's. */
export function liftRateLimit(sandbox: Sandbox): void {
  sandbox.state.world.data.credentials.get(DEMO_PARTNER.clientId)!.rate_limit_per_minute = 10_000_000;
}

/** Requests in a closed loop for `seconds`; the sandbox is single-threaded, so concurrency > 1 measures queueing too. */
async function load(label: string, request: (i: number) => Promise<Response>, seconds: number, concurrency = 8) {
  const latencies: number[] = [];
  let errors = 0;
  const until = Date.now() + seconds * 1000;
  let i = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        const t = performance.now();
        const res = await request(i++);
        await res.arrayBuffer();
        latencies.push(performance.now() - t);
        if (!res.ok) errors++;
      }
    }),
  );
  const p = (q: number) => round(quantile(latencies, q), 2);
  const result = {
    label,
    requests: latencies.length,
    rps: round(latencies.length / seconds),
    p50_ms: p(0.5),
    p99_ms: p(0.99),
    errors,
  };
  console.log(`  ${label}: ${result.rps} req/s, p50 ${result.p50_ms} ms, p99 ${result.p99_ms} ms, ${errors} errors`);
  return result;
}

/** PUT /v2/commitments in a loop, each body one seat away from the one before. */
async function alternatingPut(label: string, sandbox: Sandbox, seconds: number) {
  const bearer = await partnerBearer(sandbox.url, 'org_harbour_vine_direct');
  const rows = (
    (await (await fetch(`${sandbox.url}/v2/commitments?limit=100`, { headers: bearer })).json()) as {
      data: { id: string; entity_seats: number }[];
    }
  ).data;
  const bodies = [0, 1].map((d) =>
    JSON.stringify({
      data: rows.map((r, k) => ({ id: r.id, entity_seats: Math.max(0, r.entity_seats - (k === 0 ? d : 0)) })),
    }),
  );
  const headers = { ...bearer, 'content-type': 'application/json' };
  return load(
    label,
    (i) => fetch(`${sandbox.url}/v2/commitments`, { method: 'PUT', headers, body: bodies[i % 2] }),
    seconds,
    1,
  );
}

export async function sandboxThroughput(reservations: number, seconds: number) {
  console.log(`\n━━ sandbox throughput (${reservations.toLocaleString('en')} reservations, in memory)`);
  const seeded = performance.now();
  const sandbox = await startSandbox({ port: 0, memory: true, quiet: true, seedOptions: { reservations } });
  console.log(`  seeded and started in ${round((performance.now() - seeded) / 1000, 1)} s`);
  liftRateLimit(sandbox);
  const bearer = await partnerBearer(sandbox.url, 'org_harbour_vine_direct');
  const today = new Date().toISOString().slice(0, 10);
  // Warm the per-entity sorted list the search uses (built once after each change).
  await fetch(`${sandbox.url}/v2/reservations?sort=-date&limit=1`, { headers: bearer });
  const me = await load(
    'GET /v2/identities/me (8 concurrent)',
    () => fetch(`${sandbox.url}/v2/identities/me`, { headers: bearer }),
    seconds,
  );
  const search = await load(
    'GET /v2/reservations, one entity of ~200k (status[in], date[gte], sort=-date)',
    () =>
      fetch(`${sandbox.url}/v2/reservations?status[in]=confirmed,pending&date[gte]=${today}&sort=-date&limit=25`, {
        headers: bearer,
      }),
    seconds,
    1,
  );
  const put = await alternatingPut('PUT /v2/commitments (alternating change)', sandbox, seconds);
  await sandbox.close();

  // The same PUT where every change is written through to the sandbox's database (PGlite on disk,
  // as `npm run demo` keeps it), on the demo world.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-sandbox-'));
  const persisted = await startSandbox({ port: 0, dataDir, quiet: true });
  liftRateLimit(persisted);
  const putPersisted = await alternatingPut(
    'PUT /v2/commitments (alternating change), written through to PGlite on disk',
    persisted,
    seconds,
  );
  await persisted.close();
  rmSync(dataDir, { recursive: true, force: true });
  return {
    reservations,
    database: 'in memory; the last row with PGlite write-through',
    endpoints: [me, search, put, putPersisted],
  };
}
