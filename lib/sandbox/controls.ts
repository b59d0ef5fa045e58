import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { SandboxState } from './app';
import { ApiProblem, badRequest, notFound, problemFromZod } from './problem';
import { Uuid } from '../guestbook/schemas';

export interface LoggedRequest {
  seq: number;
  method: string;
  path: string;
  query: string;
  at: string;
  status?: number;
  client_id?: string;
  /** the entity context asked for: the token's org_id, else the X-Entity-Id header (null: the default) */
  context?: string | null;
  /** when the sandbox started handling it (Unix epoch ms, sub-millisecond) and how long it took */
  started_ms?: number;
  duration_ms?: number;
}

const LOG_SIZE = 10_000;

/** The last requests the sandbox received (never their headers or bodies), and rate-limit windows. */
export class RequestLog {
  #seq = 0;
  #entries: LoggedRequest[] = [];
  readonly #windows = new Map<string, { start: number; count: number }>();

  add(entry: Omit<LoggedRequest, 'seq'>): LoggedRequest {
    const logged = { seq: ++this.#seq, ...entry };
    this.#entries.push(logged);
    if (this.#entries.length > LOG_SIZE) this.#entries.splice(0, this.#entries.length - LOG_SIZE);
    return logged;
  }

  since(seq: number): LoggedRequest[] {
    return this.#entries.filter((e) => e.seq > seq);
  }

  /** Counts one request in the client's fixed 60-second window and returns the window. */
  rateWindow(clientId: string, now: Date): { count: number; reset: number } {
    const start = Math.floor(now.getTime() / 60_000) * 60;
    const w = this.#windows.get(clientId);
    const window = w && w.start === start ? w : { start, count: 0 };
    window.count++;
    this.#windows.set(clientId, window);
    return { count: window.count, reset: start + 60 };
  }

  resetWindows(): void {
    this.#windows.clear();
  }
}

const FaultSettings = z.strictObject({
  latency_ms: z.number().int().min(0).max(30_000).default(0),
  error_rate: z.number().min(0).max(1).default(0),
  drop_rate: z.number().min(0).max(1).default(0),
  rate_limit_storm: z.boolean().default(false),
  token_down: z.boolean().default(false),
  /** fail chosen requests on purpose: after `skip` matching ones, the next `count` get `status` */
  fail_requests: z
    .array(
      z.strictObject({
        method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
        path: z.string().startsWith('/v2/'),
        status: z.number().int().min(400).max(599),
        skip: z.number().int().min(0).default(0),
        count: z.number().int().min(1).default(1),
      }),
    )
    .max(20)
    .default([]),
});
type FaultSettings = z.infer<typeof FaultSettings>;

/** Injected misbehaviour for tests of the dashboard's resilience (outside /_sandbox only). */
export class Faults {
  settings: FaultSettings = FaultSettings.parse({});

  get tokenDown(): boolean {
    return this.settings.token_down;
  }

  get rateLimitStorm(): boolean {
    return this.settings.rate_limit_storm;
  }

  async before(method: string, path: string): Promise<'drop' | void> {
    const s = this.settings;
    if (s.latency_ms) await new Promise((r) => setTimeout(r, s.latency_ms));
    if (path === '/oauth/token' || path.startsWith('/.well-known')) return;
    const rule = s.fail_requests.find((r) => r.method === method && r.path === path && r.count > 0);
    if (rule) {
      if (rule.skip > 0) rule.skip--;
      else {
        rule.count--;
        throw new ApiProblem(rule.status, `The sandbox failed ${method} ${path} on purpose (fault control).`);
      }
    }
    if (s.drop_rate && Math.random() < s.drop_rate) return 'drop';
    if (s.error_rate && Math.random() < s.error_rate) throw new ApiProblem(503, 'The sandbox injected a server error (fault control).');
  }
}

/** /_sandbox controls: never under /v2, never needing a token. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function registerControls(app: Hono<any>, state: SandboxState): void {
  const { world } = state;

  app.get('/_sandbox', (c) => c.json({ data: { public_url: state.publicUrl, now: world.now().toISOString(), counts: world.counts(), faults: state.faults.settings } }));

  app.post('/_sandbox/reset', async (c) => {
    await state.reset();
    state.requests.resetWindows();
    state.faults.settings = FaultSettings.parse({});
    return c.json({ data: { reset: true, counts: world.counts() } });
  });

  app.get('/_sandbox/requests', (c) => {
    const since = Number(new URL(c.req.url).searchParams.get('since') ?? 0);
    return c.json({ data: state.requests.since(Number.isFinite(since) ? since : 0) });
  });

  const SuspendBody = z.strictObject({ source: z.enum(['self', 'parent']).default('self') });
  const identityControl = (suspended: boolean) => async (c: Context) => {
    const id = c.req.param('id') ?? '';
    if (!Uuid.safeParse(id).success) throw badRequest(`id: "${String(id).slice(0, 60)}" is not a UUID`);
    const text = await c.req.text();
    const parsed = SuspendBody.safeParse(text ? JSON.parse(text) : {});
    if (!parsed.success) throw problemFromZod(parsed.error, 'suspend');
    const identity = world.setSuspended(id, suspended, parsed.data.source);
    return c.json({ data: world.identityView(identity) });
  };
  app.post('/_sandbox/identities/:id/suspend', identityControl(true));
  app.post('/_sandbox/identities/:id/resume', identityControl(false));

  app.post('/_sandbox/agreements/:id/end', (c) => {
    world.endAgreement(c.req.param('id'));
    return c.json({ data: world.data.agreements.get(c.req.param('id')) });
  });

  app.get('/_sandbox/agreements', (c) => c.json({ data: [...world.data.agreements.values()] }));
  app.post('/_sandbox/reminders', (c) => c.json({ data: { sent: world.sendDueReminders() } }));
  app.get('/_sandbox/outbox', (c) => c.json({ data: [...world.data.outbox.values()].sort((a, b) => a.at.localeCompare(b.at)) }));
  app.get('/_sandbox/audit-events', (c) => c.json({ data: [...world.data.audit.values()].sort((a, b) => b.seq - a.seq) }));

  const ClockBody = z.union([
    z.strictObject({ advance_s: z.number().finite() }),
    z.strictObject({ advance_seconds: z.number().finite() }),
    z.strictObject({ now: z.iso.datetime() }),
  ]);
  app.get('/_sandbox/clock', (c) => c.json({ data: { now: world.now().toISOString(), offset_ms: world.clockOffsetMs } }));
  app.post('/_sandbox/clock', async (c) => {
    const parsed = ClockBody.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) throw problemFromZod(parsed.error, 'clock');
    const body = parsed.data;
    const advance = 'advance_s' in body ? body.advance_s : 'advance_seconds' in body ? body.advance_seconds : null;
    const offset = advance === null ? Date.parse((body as { now: string }).now) - Date.now() : world.clockOffsetMs + advance * 1000;
    world.setClockOffset(offset);
    world.sendDueReminders();
    return c.json({ data: { now: world.now().toISOString(), offset_ms: offset } });
  });

  app.get('/_sandbox/faults', (c) => c.json({ data: state.faults.settings }));
  app.post('/_sandbox/faults', async (c) => {
    const parsed = FaultSettings.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) throw problemFromZod(parsed.error, 'faults');
    state.faults.settings = parsed.data;
    return c.json({ data: state.faults.settings });
  });
  app.delete('/_sandbox/faults', (c) => {
    state.faults.settings = FaultSettings.parse({});
    return c.json({ data: state.faults.settings });
  });

  app.get('/_sandbox/files/:id', (c) => {
    const file = world.data.files.get(c.req.param('id'));
    if (!file) throw notFound('No such file.');
    return c.body(Buffer.from(file.base64, 'base64'), 200, { 'content-type': file.content_type, 'cache-control': 'public, max-age=31536000, immutable' });
  });
}
