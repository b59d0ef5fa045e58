/**
 * A typed client of the sandbox's controls under `/_sandbox/` (request log, outbox, audit events,
 * clock, faults, suspension, agreements, reset). Free of the server's code, so tests, e2e
 * helpers, the benchmark and the load test use it without starting anything.
 *
 * Every request carries `X-Sandbox-Token` (from the option, else `SANDBOX_CONTROL_TOKEN`) and a
 * body, when there is one, as `application/json`: the sandbox refuses controls without them.
 */
import type { AuditEventRecord } from './model';

/** One entry of the sandbox's request log (never headers or bodies). */
export interface LoggedRequest {
  seq: number;
  method: string;
  path: string;
  /** the query string, with its leading "?" (or empty) */
  query: string;
  at: string;
  status?: number;
  client_id?: string;
  /** the entity context asked for: the token's org_id, else the X-Entity-Id header (null: the default) */
  context?: string | null;
  /** when the sandbox started handling it (Unix epoch ms, sub-millisecond) and how long it took */
  started_ms?: number;
  duration_ms?: number;
  /** the client's User-Agent, as it sent it */
  user_agent?: string;
}

/** A guest e-mail the sandbox "sent". */
export interface OutboxEmail {
  id: string;
  at: string;
  kind: 'confirmation' | 'reminder' | 'cancellation' | 'modification';
  to: string;
  locale: string;
  reservation_id: string;
  subject: string;
}

export interface FailRule {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  status: number;
  skip?: number;
  count?: number;
}

/** Injected misbehaviour (every field optional when set; all off after DELETE or reset). */
export interface FaultSettings {
  latency_ms?: number;
  error_rate?: number;
  drop_rate?: number;
  rate_limit_storm?: boolean;
  rate_limit_window_s?: number;
  token_down?: boolean;
  fail_requests?: FailRule[];
}

export interface ClockState {
  now: string;
  offset_ms: number;
}

export interface Agreement {
  id: string;
  name: string;
  ended_at: string | null;
}

export class SandboxControlError extends Error {
  constructor(
    readonly status: number,
    readonly method: string,
    readonly path: string,
    readonly body: string,
  ) {
    super(`${method} ${path} → ${status} ${body.slice(0, 300)}`);
  }
}

export interface ControlClientOptions {
  /** the control token; defaults to the SANDBOX_CONTROL_TOKEN environment variable */
  token?: string | null;
  fetch?: typeof fetch;
}

/** The header carrying the control token. */
export const CONTROL_TOKEN_HEADER = 'X-Sandbox-Token';

export type SandboxControls = ReturnType<typeof sandboxControls>;

/** The controls of the sandbox at `baseUrl` (its origin, e.g. http://127.0.0.1:4010). */
export function sandboxControls(baseUrl: string, options: ControlClientOptions = {}) {
  const origin = baseUrl.replace(/\/$/, '');
  const token = options.token === undefined ? process.env.SANDBOX_CONTROL_TOKEN : options.token;
  const doFetch = options.fetch ?? fetch;

  async function send<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = {};
    if (token) headers[CONTROL_TOKEN_HEADER] = token;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await doFetch(`${origin}/_sandbox${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new SandboxControlError(res.status, method, `/_sandbox${path}`, text);
    return (text ? (JSON.parse(text) as { data: T }).data : undefined) as T;
  }

  return {
    /** the raw call, for a control this client has no method for */
    send,
    state: () =>
      send<{ public_url: string; now: string; counts: Record<string, number>; faults: FaultSettings }>('GET', ''),
    /** back to the seed world; also clears the faults and the rate-limit windows */
    reset: () => send<{ reset: true; counts: Record<string, number> }>('POST', '/reset'),
    /** the request log after `since` (a `seq`), oldest first */
    requests: (since = 0) => send<LoggedRequest[]>('GET', `/requests${since ? `?since=${since}` : ''}`),
    /** the newest `seq` of the request log now (0 when empty), to read what comes after it */
    requestMark: async () =>
      (await send<LoggedRequest[]>('GET', '/requests')).reduce((max, r) => Math.max(max, r.seq), 0),
    outbox: () => send<OutboxEmail[]>('GET', '/outbox'),
    /** allocation changes, newest first */
    auditEvents: () => send<AuditEventRecord[]>('GET', '/audit-events'),
    sendReminders: () => send<{ sent: number }>('POST', '/reminders'),
    clock: () => send<ClockState>('GET', '/clock'),
    /** moves the sandbox's clock (and sends the reminders then due) */
    setClock: (to: { advance_s: number } | { now: string }) => send<ClockState>('POST', '/clock', to),
    faults: () => send<FaultSettings>('GET', '/faults'),
    setFaults: (settings: FaultSettings) => send<FaultSettings>('POST', '/faults', settings),
    clearFaults: () => send<FaultSettings>('DELETE', '/faults'),
    suspend: (identityId: string, source: 'self' | 'parent' = 'self') =>
      send<Record<string, unknown>>('POST', `/identities/${identityId}/suspend`, { source }),
    resume: (identityId: string) => send<Record<string, unknown>>('POST', `/identities/${identityId}/resume`, {}),
    agreements: () => send<Agreement[]>('GET', '/agreements'),
    endAgreement: (agreementId: string) => send<Agreement>('POST', `/agreements/${agreementId}/end`),
  };
}
