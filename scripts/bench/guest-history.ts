/**
 * A guest's history, as the booking form reads it once an e-mail is typed (`GET
 * /api/guests/history`, the same `guestHistory` a reservation's page renders): the demo's regulars
 * read one after another by an operator, with the sandbox's `latency_ms` fault at 250 ms from
 * before the operator signs in (and the sync starts). Each read is timed, and the API requests it
 * caused are counted in the sandbox's log (its `guest_email` searches). The first reads may come
 * before the sync has read the entity's book, when the API is asked; the later ones find the book
 * in the copy. Target (issue "The day of service"): at most 2 API requests a read, within 450 ms.
 */
import { rmSync } from 'node:fs';

import { listAll } from '../../lib/guestbook/paging';
import { sandboxControls } from '../../lib/sandbox/control-client';
import { partnerClient } from '../../lib/sandbox/testing';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../lib/server/auth/demo-accounts';
import { type ActionIds } from '../load/actions';
import { StaffBrowser } from '../load/browser';
import { RunRecord } from '../load/record';
import { serveBuild } from '../processes';
import { round, spread } from '../stats';
import { machine, writeResult } from './results';
import { requestMark, sandboxLog } from './sandbox-log';

/** The latency the target is stated at. */
export const GUEST_HISTORY_LATENCY_MS = 250;

interface Reads {
  reads: number;
  p50_ms: number;
  p95_ms: number;
  max_ms: number;
  max_api_requests: number;
}

export interface GuestHistoryFigures {
  latency_ms: number;
  guests: number;
  /** reads the dashboard answered after asking the API (the entity's book not yet in its copy) */
  asked_the_api: Reads | null;
  /** reads answered from the copy alone */
  from_the_copy: Reads | null;
}

function summary(rows: { ms: number; api: number }[]): Reads | null {
  if (!rows.length) return null;
  const ms = rows.map((r) => r.ms);
  const { median, p95 } = spread(ms);
  return {
    reads: rows.length,
    p50_ms: median,
    p95_ms: p95,
    max_ms: round(Math.max(...ms)),
    max_api_requests: Math.max(...rows.map((r) => r.api)),
  };
}

/** The e-mails of the default entity's guests with more than one reservation, most reservations first. */
async function regulars(sandboxUrl: string): Promise<string[]> {
  const api = partnerClient(sandboxUrl);
  const counts = new Map<string, number>();
  for (const r of await listAll((page) => api.listReservations({ page, limit: 100 }))) {
    const email = r.guest?.email?.toLowerCase();
    if (email) counts.set(email, (counts.get(email) ?? 0) + 1);
  }
  return [...counts]
    .filter(([, n]) => n > 1)
    .sort((a, b) => b[1] - a[1])
    .map(([email]) => email);
}

export async function guestHistoryFigures(o: {
  base: string;
  sandboxUrl: string;
  actionIds: ActionIds;
  rounds: number;
}): Promise<GuestHistoryFigures> {
  const emails = await regulars(o.sandboxUrl);
  if (!emails.length) throw new Error('the sandbox has no guest with more than one reservation');
  await sandboxControls(o.sandboxUrl).setFaults({ latency_ms: GUEST_HISTORY_LATENCY_MS });
  const operator = DEMO_ACCOUNTS.find((a) => a.role === 'operator')!;
  const member = new StaffBrowser(operator.email, o.base, new RunRecord(), o.actionIds);
  await member.signIn(DEMO_PASSWORD);
  const asked: { ms: number; api: number }[] = [];
  const copy: { ms: number; api: number }[] = [];
  /** One read, timed; true when the copy answered it alone. */
  const read = async (email: string) => {
    const mark = await requestMark(o.sandboxUrl);
    const started = performance.now();
    const res = await member.get(`/api/guests/history?email=${encodeURIComponent(email)}`);
    const ms = performance.now() - started;
    const body = (await res.json()) as { ok: boolean; data?: { requests: number; rows: unknown[] } };
    if (!body.ok || !Array.isArray(body.data?.rows)) throw new Error(`the history of ${email}: HTTP ${res.status}`);
    const api = (await sandboxLog(o.sandboxUrl, mark)).filter(
      (e) => e.path === '/v2/reservations' && e.query.includes('guest_email'),
    ).length;
    (body.data!.requests ? asked : copy).push({ ms, api });
    return body.data!.requests === 0;
  };
  // Right after the sign-in, before the sync has read the entity's book: each guest once.
  for (const email of emails) await read(email);
  // Then, once the book is in the copy (at most 3 minutes), every guest `rounds` times.
  const bookBy = Date.now() + 180_000;
  while (!(await read(emails[0]!)) && Date.now() < bookBy) await new Promise((r) => setTimeout(r, 5_000));
  for (let n = 0; n < o.rounds; n++) for (const email of emails) await read(email);
  return {
    latency_ms: GUEST_HISTORY_LATENCY_MS,
    guests: emails.length,
    asked_the_api: summary(asked),
    from_the_copy: summary(copy),
  };
}

/**
 * `--guest-history-only`: on a production server and a fresh sandbox of their own; printed and
 * written to bench/results/guest-history.json.
 */
export async function guestHistoryOnly(o: { actionIds: ActionIds; rounds: number }): Promise<void> {
  const [port, sandboxPort, dataDir] = [3350, 4350, '.data/bench/guest-history'];
  console.log(`\n━━ a guest's history, the API at ${GUEST_HISTORY_LATENCY_MS} ms`);
  rmSync(dataDir, { recursive: true, force: true });
  const serve = await serveBuild({ name: 'bench-guest-history', port, sandboxPort, dataDir });
  try {
    const figures = await guestHistoryFigures({
      base: `http://127.0.0.1:${port}`,
      sandboxUrl: `http://127.0.0.1:${sandboxPort}`,
      actionIds: o.actionIds,
      rounds: o.rounds,
    });
    console.log(guestHistoryLine(figures));
    const command = `npm run bench -- --guest-history-only --guest-history-rounds ${o.rounds}`;
    writeResult('guest-history.json', {
      measured_at: new Date().toISOString(),
      command,
      machine: machine(),
      ...figures,
    });
    console.log('wrote bench/results/guest-history.json');
  } finally {
    await serve.stop();
  }
}

const guestHistoryLine = (f: GuestHistoryFigures): string => {
  const line = (what: string, r: Reads | null) =>
    r
      ? `  ${what}: ${r.reads} reads, p50 ${r.p50_ms} ms, p95 ${r.p95_ms} ms, max ${r.max_ms} ms, at most ${r.max_api_requests} API request${r.max_api_requests === 1 ? '' : 's'} a read`
      : `  ${what}: no read`;
  return [
    `a guest's history, ${f.guests} regulars, the API at ${f.latency_ms} ms:`,
    line('asked the API', f.asked_the_api),
    line('from the copy', f.from_the_copy),
  ].join('\n');
};
