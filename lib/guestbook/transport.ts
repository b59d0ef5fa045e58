/**
 * How one API call is sent: the token (organization-bound or default), the request budget,
 * timeouts, cancellation, retries of what is safe to repeat, and parsing of the answer.
 */
import { z } from 'zod';

import { errorFromResponse, GuestbookApiError } from './errors';
import { readRateLimit, retryDelayMs, type RateLimitState } from './rate-limit';
import { ApiWaits, type RequestGate } from './request-gate';
import { Secret } from './secret';
import { TokenManager } from './tokens';

export interface GuestbookClientOptions {
  /** API base address, e.g. https://api.example.com (paths start with /v2) */
  baseUrl: string;
  /** token service address ({auth_url}) */
  authUrl: string;
  /** the API audience ({audience}): the API base address with a trailing slash */
  audience: string;
  clientId: string;
  clientSecret: string | Secret;
  /** verify every new token against the token service's JWKS */
  verifyTokens?: boolean;
  /**
   * What each request waits for before it is sent: the dashboard's request budget
   * (lib/server/budget's budgetGate); by default only the waits the API announced (ApiWaits)
   */
  budget?: RequestGate;
  /** per-request timeout (default 15 s) */
  timeoutMs?: number;
  /** how often an idempotent request is retried after a 429, a 502/503/504 or a dropped connection (default 3) */
  maxRetries?: number;
  /**
   * The longest a call waits for the rate-limit window before giving up with a 429 that says
   * when requests resume (default 10 s): a page should say so, not hang for a minute.
   */
  maxRateLimitWaitMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** called after every API response, with no headers and no body (for metrics) */
  onResponse?: (event: ResponseEvent) => void;
}

export interface ResponseEvent {
  method: string;
  path: string;
  status: number;
  durationMs: number;
  /** how long the request waited for room in the request budget before it was sent */
  budgetWaitMs: number;
  attempt: number;
}

/** The User-Agent of the dashboard's API requests (the background sync's adds `(sync)`). */
export const USER_AGENT = 'GuestbookPartnerDashboard/1';

/** Which entity a request acts for (spec: "Entity context resolution"). */
export interface EntityContext {
  id: string;
  /** the entity's org_id: an organization-bound token is used when set; null means the legacy header */
  org_id: string | null;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  query?: readonly (readonly [string, string])[];
  json?: unknown;
  form?: FormData;
}

const REFUSAL_CODE = { share: 'over_share', blocked: 'rate_limited', busy: 'busy' } as const;
const REFUSAL_DETAIL = {
  share: "The member's share of the request budget is spent.",
  blocked: 'The rate-limit window is spent.',
  busy: 'The lane of the request budget has no room now, and the caller does not wait.',
} as const;

/** What every client of one credential shares: its options, token cache and request gate (budget). */
export interface ClientCore {
  options: Required<Pick<GuestbookClientOptions, 'baseUrl' | 'timeoutMs' | 'maxRetries'>> & GuestbookClientOptions;
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  tokens: TokenManager;
  budget: RequestGate;
  rateLimit: RateLimitState | null;
}

/** Who a call is sent for: the entity context, and the signal that cancels it. */
export interface CallScope {
  context: EntityContext | null;
  signal: AbortSignal | undefined;
}

const IDEMPOTENT: ReadonlySet<Method> = new Set(['GET', 'PUT', 'DELETE']);
const RETRYABLE_STATUS = new Set([429, 502, 503, 504]);

const backoff = (attempt: number) => Math.min(200 * 2 ** (attempt - 1), 5_000) + Math.random() * 100;

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Describes the first problem of a failed parse by its path, e.g. "data[3].org_id: …". */
function describeIssues(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'unexpected shape';
  const path = issue.path.reduce<string>(
    (acc, p) => (typeof p === 'number' ? `${acc}[${p}]` : acc ? `${acc}.${String(p)}` : String(p)),
    '',
  );
  return `${path || '(body)'}: ${issue.message}`;
}

function throwIfAborted(signal: AbortSignal | undefined, method: string, path: string, cause?: unknown): void {
  if (signal?.aborted)
    throw new GuestbookApiError({
      status: 0,
      method,
      path,
      code: 'aborted',
      detail: 'The request was cancelled.',
      cause: cause ?? signal.reason,
    });
}

/** The body of a request and the headers that describe it. */
function requestBody(options: RequestOptions, headers: Record<string, string>): BodyInit | undefined {
  if (options.json === undefined) return options.form;
  headers['content-type'] = 'application/json';
  return JSON.stringify(options.json);
}

/** Parses a 2xx answer's body with the endpoint's schema (an empty body as `undefined`). */
function parseAnswer<S extends z.ZodType>(
  method: Method,
  path: string,
  response: Response,
  text: string,
  schema: S,
): z.infer<S> {
  if (response.status === 204 || text === '') return schema.parse(undefined);
  const requestId = response.headers.get('x-request-id') ?? undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new GuestbookApiError({
      status: response.status,
      method,
      path,
      code: 'invalid_response',
      detail: 'the response is not JSON',
      requestId,
    });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new GuestbookApiError({
      status: response.status,
      method,
      path,
      code: 'invalid_response',
      detail: describeIssues(parsed.error),
      requestId,
    });
  }
  return parsed.data;
}

/** Sends one call, with the retries its method allows, and returns its parsed answer. */
export async function send<S extends z.ZodType>(
  core: ClientCore,
  scope: CallScope,
  method: Method,
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.infer<S>> {
  const { context, signal } = scope;
  const organization = context?.org_id ?? undefined;
  const query = options.query?.length ? `?${new URLSearchParams(options.query as [string, string][]).toString()}` : '';
  const url = `${core.options.baseUrl.replace(/\/$/, '')}${path}${query}`;
  // The budget may shorten the call's longest wait (for it, after a 429): a page view's, say.
  const turn = core.budget.turn(core.options.maxRateLimitWaitMs ?? 10_000);
  const { maxWaitMs } = turn;
  let refreshedAfter401 = false;

  for (let attempt = 1; ; attempt++) {
    const { token } = await core.tokens.get(organization);
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: `Bearer ${token.reveal()}`,
      'user-agent': turn.purpose ? `${USER_AGENT} (${turn.purpose})` : USER_AGENT,
    };
    // Never both: an org-bound token decides the entity, and the header would be ignored anyway.
    if (context && !organization) headers['x-entity-id'] = context.id;
    const body = requestBody(options, headers);

    throwIfAborted(signal, method, path);
    throwIfAborted(turn.ended, method, path);
    const asked = core.now();
    const refusal = await turn.take();
    if (refusal) {
      throw new GuestbookApiError({
        status: 429,
        method,
        path,
        code: REFUSAL_CODE[refusal.reason],
        detail: REFUSAL_DETAIL[refusal.reason],
        retryAt: refusal.retryAt,
      });
    }
    throwIfAborted(signal, method, path);
    throwIfAborted(turn.ended, method, path);
    const started = core.now();
    const timeout = AbortSignal.timeout(core.options.timeoutMs);
    let response: Response;
    try {
      response = await core.fetch(url, {
        method,
        headers,
        body,
        signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
      });
    } catch (cause) {
      throwIfAborted(signal, method, path, cause);
      const timedOut = cause instanceof Error && cause.name === 'TimeoutError';
      // A request that may have reached the API is only repeated when repeating it is harmless.
      if (IDEMPOTENT.has(method) && attempt <= core.options.maxRetries) {
        await core.sleep(backoff(attempt));
        continue;
      }
      throw new GuestbookApiError({ status: 0, method, path, code: timedOut ? 'timeout' : 'network', cause });
    }
    const rateLimit = readRateLimit(response.headers);
    if (rateLimit) core.rateLimit = rateLimit;
    core.budget.observe(rateLimit);
    core.options.onResponse?.({
      method,
      path,
      status: response.status,
      durationMs: core.now() - started,
      budgetWaitMs: started - asked,
      attempt,
    });

    if (response.status === 401 && !refreshedAfter401) {
      // The API refused the token (revoked, rotated key): one fresh token, one replay. A 401
      // means the request was not processed, so replaying is safe for every method.
      await response.body?.cancel();
      core.tokens.invalidate(organization, token);
      refreshedAfter401 = true;
      attempt--;
      continue;
    }
    const wait = response.status === 429 ? retryDelayMs(response.headers, core.now()) : backoff(attempt);
    const worthWaiting = response.status !== 429 || wait <= maxWaitMs;
    if (
      RETRYABLE_STATUS.has(response.status) &&
      IDEMPOTENT.has(method) &&
      attempt <= core.options.maxRetries &&
      worthWaiting
    ) {
      if (response.status === 429) core.budget.blockFor(wait);
      await response.body?.cancel();
      await core.sleep(Math.min(wait, 60_000) + Math.random() * 250);
      continue;
    }
    const text = await response.text();
    if (!response.ok) {
      if (response.status === 429) core.budget.blockFor(wait);
      const retryAt = response.status === 429 ? new Date(core.now() + wait) : undefined;
      throw errorFromResponse(
        method,
        path,
        response.status,
        text,
        response.headers.get('x-request-id') ?? undefined,
        retryAt,
      );
    }
    return parseAnswer(method, path, response, text, schema);
  }
}

/** The shared part of a new client: options with their defaults, its token manager and its gate. */
export function createCore(options: GuestbookClientOptions): ClientCore {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? realSleep;
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const timeoutMs = options.timeoutMs ?? 15_000;
  const clientSecret = options.clientSecret instanceof Secret ? options.clientSecret : new Secret(options.clientSecret);
  return {
    options: { ...options, clientSecret, timeoutMs, maxRetries: options.maxRetries ?? 3 },
    fetch: doFetch,
    sleep,
    now,
    tokens: new TokenManager({
      authUrl: options.authUrl,
      audience: options.audience,
      clientId: options.clientId,
      clientSecret,
      fetch: doFetch,
      now,
      verifyTokens: options.verifyTokens ?? false,
      timeoutMs,
    }),
    budget: options.budget ?? new ApiWaits(now, sleep),
    rateLimit: null,
  };
}
