/**
 * The change feed's delivery, measured on a production build (one process on the embedded
 * database, or two on PostgreSQL with the writer on one and every stream on the other): how long a
 * change made by one member takes to reach another member's open event stream (`/api/events`),
 * and what `streams` open streams cost the pages (view p95 without and with them, in one run) and
 * the streams' process's memory (its resident set, from /proc: once the pages are warm, once the
 * streams are open, once pages were viewed beside them).
 */
import { readdirSync, readFileSync } from 'node:fs';

import { DEMO_PASSWORD } from '../../lib/server/auth/demo-accounts';
import { STREAMS_PER_MEMBER } from '../../lib/server/changes/open-streams';
import { type ActionIds } from '../load/actions';
import { StaffBrowser } from '../load/browser';
import { RunRecord } from '../load/record';
import { quantile, round } from '../stats';

const PASSWORD = 'a bench member of the team 2026';

export interface EventFigures {
  streams: number;
  delivery_ms: { changes: number; p50: number; p95: number; max: number; missed: number };
  page_view_ms: { without_streams: Spread; with_streams: Spread; p95_ratio: number };
  dashboard_rss_mb: {
    /** after the warm-up and the views without streams */
    before: number | null;
    /** the streams open, before any view beside them */
    streams_open: number | null;
    /** after the views beside them */
    with_streams: number | null;
    /** what opening the streams added */
    added_by_streams: number | null;
    /** what the streams and the views beside them added */
    added: number | null;
  };
  /** 2: the writer's process was the other one (the change went through PostgreSQL's NOTIFY) */
  processes: 1 | 2;
}

interface Spread {
  views: number;
  p50: number;
  p95: number;
}

/** The resident set of the dashboard process listening on `port` (Linux), in MB; null where /proc cannot say. */
function dashboardRssMb(port: number): number | null {
  try {
    for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (!cmd.some((a) => a.endsWith('scripts/server.ts'))) continue;
      if (cmd[cmd.indexOf('--port') + 1] !== String(port)) continue;
      const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      return kb ? round(Number(kb) / 1024, 1) : null;
    }
  } catch {
    // not Linux
  }
  return null;
}

/** An open event stream: the `change` events it received, each with its arrival time. */
interface OpenStream {
  received: { at: number; data: string }[];
  close(): void;
}

async function openStream(member: StaffBrowser): Promise<OpenStream> {
  const controller = new AbortController();
  const res = await member.stream('/api/events', controller.signal);
  if (res.status !== 200 || !res.body) throw new Error(`${member.email}: /api/events answered ${res.status}`);
  const received: OpenStream['received'] = [];
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (/^event: change$/m.test(event)) received.push({ at: performance.now(), data: event });
        }
      }
    } catch {
      // closed
    }
  })();
  return { received, close: () => controller.abort() };
}

async function viewSpread(member: StaffBrowser, paths: readonly string[], rounds: number): Promise<Spread> {
  const ms: number[] = [];
  for (let r = 0; r < rounds; r++)
    for (const path of paths) {
      const started = performance.now();
      await member.page(path, path);
      ms.push(performance.now() - started);
    }
  return { views: ms.length, p50: round(quantile(ms, 0.5)), p95: round(quantile(ms, 0.95)) };
}

export async function eventFigures(o: {
  /** where the streams and the reader's pages are served */
  base: string;
  /** where the writer saves (another process of the deployment); `base` when unset */
  writerBase?: string;
  /** the port of `base`'s process, whose memory is read */
  port: number;
  actionIds: ActionIds;
  streams: number;
  changes: number;
}): Promise<EventFigures> {
  const record = new RunRecord();
  const browser = (email: string, base = o.base) => new StaffBrowser(email, base, record, o.actionIds);
  const admin = browser('admin@demo.test');
  await admin.signIn(DEMO_PASSWORD);
  await admin.page('/team', '/team');
  const stamp = Date.now();
  const perMember = STREAMS_PER_MEMBER - 1;
  // a writer, a reader (one stream), and listeners holding the other streams, perMember each
  const members = Array.from({ length: Math.ceil((o.streams - 1) / perMember) + 2 }, (_, i) =>
    browser(`events.${stamp}.${i}@bench.test`, i === 0 ? (o.writerBase ?? o.base) : o.base),
  );
  for (const m of members) {
    const { answer } = await admin.action('/team', 'addStaffMember', [
      { email: m.email, name: m.email.split('@')[0], role: 'operator', password: PASSWORD },
    ]);
    if (!answer?.ok) throw new Error(`adding ${m.email} failed: ${answer?.error ?? 'no answer'}`);
  }
  for (const m of members) await m.signIn(PASSWORD);
  const [writer, reader, ...listeners] = members as [StaffBrowser, StaffBrowser, ...StaffBrowser[]];
  const today = new Date().toISOString().slice(0, 10);
  const search = (await writer.page(`/reservations?status=confirmed&date[gte]=${today}`, '/reservations')) ?? '';
  const reservationId = /\/reservations\/([0-9a-f]{8}-[0-9a-f-]{27})/.exec(search)?.[1];
  if (!reservationId) throw new Error('no confirmed reservation from today on in the sandbox');

  const pages = ['/', '/reservations', `/reservations/${reservationId}`];
  await viewSpread(reader, pages, 2); // warm
  const without = await viewSpread(reader, pages, 10);
  const before = dashboardRssMb(o.port);

  const open: OpenStream[] = [];
  for (const m of listeners)
    for (let i = 0; i < perMember && open.length < o.streams - 1; i++) open.push(await openStream(m));
  const watched = await openStream(reader);
  open.push(watched);
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const streamsOpen = dashboardRssMb(o.port);
  const withStreams = await viewSpread(reader, pages, 10);
  const rss = dashboardRssMb(o.port);

  // Each change: the writer's save, then the time until the reader's stream has its event.
  const delivery: number[] = [];
  let missed = 0;
  for (let i = 0; i < o.changes; i++) {
    const seen = watched.received.length;
    const started = performance.now();
    const { answer } = await writer.action(`/reservations/${reservationId}`, 'updateReservation', [
      { id: reservationId, changes: { notes: `Bench change ${stamp}.${i}` } },
    ]);
    if (!answer?.ok) throw new Error(`the change failed: ${answer?.error ?? 'no answer'}`);
    const deadline = performance.now() + 10_000;
    while (performance.now() < deadline && !watched.received.slice(seen).some((e) => e.data.includes(reservationId)))
      await new Promise((resolve) => setTimeout(resolve, 5));
    const event = watched.received.slice(seen).find((e) => e.data.includes(reservationId));
    if (event) delivery.push(event.at - started);
    else missed++;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  for (const s of open) s.close();

  return {
    streams: open.length,
    delivery_ms: {
      changes: o.changes,
      p50: round(quantile(delivery, 0.5)),
      p95: round(quantile(delivery, 0.95)),
      max: round(Math.max(...delivery)),
      missed,
    },
    page_view_ms: {
      without_streams: without,
      with_streams: withStreams,
      p95_ratio: round(withStreams.p95 / without.p95, 2),
    },
    dashboard_rss_mb: {
      before,
      streams_open: streamsOpen,
      with_streams: rss,
      added_by_streams: before !== null && streamsOpen !== null ? round(streamsOpen - before, 1) : null,
      added: before !== null && rss !== null ? round(rss - before, 1) : null,
    },
    processes: o.writerBase && o.writerBase !== o.base ? 2 : 1,
  };
}
