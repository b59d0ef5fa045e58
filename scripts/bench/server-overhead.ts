/** A server action's time as the browser sees it, minus the time the API spent on the requests it sent. */
import type { APIRequestContext } from '@playwright/test';

import { buildActions } from '../../e2e/action-list';
import { postAction } from '../../e2e/server-actions';
import { DEMO_PARTNER } from '../../lib/sandbox/seed/demo';
import { ACTION_KEYS } from '../load/actions';
import { partnerClient } from '../partner-client';
import { quantile, round } from '../stats';
import { BASE, SANDBOX_URL } from './options';
import { busyMs, requestMark, sandboxLog } from './sandbox-log';

export async function serverOverhead(request: APIRequestContext, runs: number) {
  const actionIds = new Map(buildActions().map((a) => [a.key, a.id]));
  const today = new Date().toISOString().slice(0, 10);
  const reservations = await partnerClient(SANDBOX_URL).listReservations({
    filters: [
      { attribute: 'status', modifier: 'in', value: ['confirmed'] },
      { attribute: 'date', modifier: 'gte', value: today },
    ],
    limit: 1,
  });
  const reservation = reservations.data[0]!;
  const cases: { name: string; key: string; path: string; input: (i: number) => unknown }[] = [
    {
      name: 'select entity (reads the entity list)',
      key: ACTION_KEYS.selectEntity,
      path: '/',
      input: () => ({ id: DEMO_PARTNER.defaultEntityId }),
    },
    {
      name: 'update reservation (read, then PATCH)',
      key: ACTION_KEYS.updateReservation,
      path: `/reservations/${reservation.id}`,
      input: (i) => ({ id: reservation.id, changes: { notes: `Window table, visit ${i}` } }),
    },
  ];
  const out = [];
  for (const c of cases) {
    const actionId = actionIds.get(c.key)!;
    const overhead: number[] = [];
    const apiRequests: number[] = [];
    for (let i = 0; i < runs; i++) {
      const mark = await requestMark(SANDBOX_URL);
      const t = performance.now();
      const res = await postAction(request, `${BASE}${c.path}`, actionId, [c.input(i)]);
      const body = await res.text();
      const total = performance.now() - t;
      if (!body.includes('"ok":true')) throw new Error(`${c.name} failed: ${res.status()} ${body.slice(0, 200)}`);
      const sent = (await sandboxLog(SANDBOX_URL, mark)).filter(
        (e) => e.path.startsWith('/v2/') || e.path === '/oauth/token',
      );
      overhead.push(total - busyMs(sent));
      apiRequests.push(sent.length);
    }
    const entry = {
      action: c.name,
      runs,
      api_requests: round(quantile(apiRequests, 0.5)),
      overhead_ms: { p50: round(quantile(overhead, 0.5), 1), p95: round(quantile(overhead, 0.95), 1) },
    };
    console.log(
      `  ${c.name}: ${entry.api_requests} API requests; server time beyond the API p50 ${entry.overhead_ms.p50} ms, p95 ${entry.overhead_ms.p95} ms`,
    );
    out.push(entry);
  }
  return out;
}
