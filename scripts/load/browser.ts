/** One staff member's browser, over HTTP: cookies, full page loads, server actions and the next-auth sign-in. */
import { actionHeaders } from '../../e2e/server-actions';
import type { ActionIds, ActionKind } from './actions';
import { REQUEST_TIMEOUT_MS } from './options';
import type { ActionRecord, Outcome, RunRecord } from './record';
import { actionResult, flightOf, hasRenderError } from './rsc';

export interface ActionAnswer {
  ok: boolean;
  data?: unknown;
  error?: string;
}

const reason = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The message a page's error state shows, from its flight payload. */
function errorMessage(flight: string): string {
  const at = flight.indexOf('"data-testid":"error-state"');
  const text = at >= 0 ? flight.slice(at, at + 1200) : '';
  const strings = [...text.matchAll(/"children":"([^"]{12,})"/g)].map((m) => m[1]!);
  return strings.at(-1) ?? 'error state';
}

/** What a page or an HTTP answer says when it asks the member to slow down rather than failing. */
export const SLOW_DOWN = /rate limit|slow down|too many requests|fair share|your share|request budget/i;

function outcomeOf(status: number, answer: ActionAnswer | null): Outcome {
  if (status === 0) return 'no-answer';
  if (!answer) return 'http-error';
  if (answer.ok) return 'ok';
  return /rate limit/i.test(answer.error ?? '') ? 'rate-limited' : 'refused';
}

export class StaffBrowser {
  readonly #cookies = new Map<string, string>();
  /** the request waiting for an answer, for the progress lines */
  inFlight: { what: string; since: number } | null = null;

  constructor(
    readonly email: string,
    readonly base: string,
    readonly record: RunRecord,
    readonly actionIds: ActionIds,
  ) {}

  #cookieHeader(): string {
    return [...this.#cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  #keepCookies(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      const eq = pair.indexOf('=');
      const [name, value] = [pair.slice(0, eq).trim(), pair.slice(eq + 1)];
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }

  async #fetch(url: string, init: RequestInit): Promise<Response> {
    const headers = init.headers as Record<string, string>;
    const what = `${init.method ?? 'GET'} ${url.slice(this.base.length)}${headers['Next-Action'] ? ' (action)' : ''}`;
    this.inFlight = { what, since: Date.now() };
    const signal = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      signal,
      headers: { ...headers, cookie: this.#cookieHeader() },
    });
    this.#keepCookies(res);
    return res;
  }

  /** Sends a request of the page's; the status and body, or status 0 (and a server error recorded) without an answer. */
  async #send(
    url: string,
    init: RequestInit,
    label: string,
  ): Promise<{ status: number; body: string; ms: number; requestId?: string }> {
    const started = performance.now();
    try {
      const res = await this.#fetch(url, init);
      const body = await res.text();
      this.inFlight = null;
      if (res.status >= 500) this.record.serverErrors.push(`${label}: HTTP ${res.status}`);
      const requestId = res.headers.get('x-request-id') ?? undefined;
      return { status: res.status, body, ms: performance.now() - started, requestId };
    } catch (e) {
      this.record.serverErrors.push(`${label}: no answer (${reason(e)})`);
      return { status: 0, body: '', ms: performance.now() - started };
    }
  }

  /** Opens an event stream (`/api/events`) as the page's EventSource does; the response, its body still streaming. */
  stream(path: string, signal: AbortSignal): Promise<Response> {
    return fetch(`${this.base}${path}`, {
      signal,
      headers: { accept: 'text/event-stream', 'sec-fetch-site': 'same-origin', cookie: this.#cookieHeader() },
    });
  }

  /** Reads one of the console's JSON routes as its pages do (same origin). */
  async get(path: string): Promise<Response> {
    const res = await this.#fetch(`${this.base}${path}`, {
      headers: { accept: 'application/json', 'sec-fetch-site': 'same-origin' },
    });
    this.inFlight = null;
    return res;
  }

  /** Opens a page as a full load; records the view. null when it did not answer with a page. */
  async page(pathAndQuery: string, route: string): Promise<string | null> {
    const at = Date.now();
    const label = `GET ${pathAndQuery}`;
    const {
      status,
      body: html,
      ms,
      requestId,
    } = await this.#send(`${this.base}${pathAndQuery}`, { headers: { accept: 'text/html' } }, label);
    const flight = status === 200 ? flightOf(html) : '';
    const errorState = html.includes('data-testid="error-state"') ? errorMessage(flight) : null;
    const renderError = hasRenderError(flight);
    if (renderError) this.record.serverErrors.push(`${label}: the page failed to render`);
    const slowDown =
      status === 429 || (errorState !== null && SLOW_DOWN.test(errorState)) || (status >= 400 && SLOW_DOWN.test(html));
    const asOf = status === 200 && html.includes('data-as-of');
    this.record.pageViews.push({ route, at, status, ms, errorState, renderError, slowDown, asOf, requestId });
    return status === 200 ? html : null;
  }

  /** Posts a server action the way the browser does from the page at `pagePath`. */
  async action(
    pagePath: string,
    kind: ActionKind,
    args: unknown[],
  ): Promise<{ answer: ActionAnswer | null; record: ActionRecord }> {
    const start = Date.now();
    const init = {
      method: 'POST',
      headers: actionHeaders(this.actionIds[kind], this.base),
      body: JSON.stringify(args),
    };
    const { status, body, ms, requestId } = await this.#send(`${this.base}${pagePath}`, init, `${kind} on ${pagePath}`);
    const parsed = status === 200 ? (actionResult(body) as ActionAnswer | undefined) : undefined;
    const answer = parsed && typeof parsed.ok === 'boolean' ? parsed : null;
    const message = answer && !answer.ok ? answer.error : undefined;
    const record: ActionRecord = {
      kind,
      outcome: outcomeOf(status, answer),
      status,
      ms,
      start,
      end: Date.now(),
      staff: this.email,
      message,
      requestId,
    };
    this.record.actions.push(record);
    return { answer, record };
  }

  /** next-auth v4 credentials sign-in, as the login form does it (signIn with redirect: false). */
  async signIn(password: string): Promise<void> {
    await this.page('/login', '/login');
    const csrf = await this.#fetch(`${this.base}/api/auth/csrf`, { headers: { accept: 'application/json' } });
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const res = await this.#fetch(`${this.base}/api/auth/callback/credentials`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfToken, email: this.email, password, callbackUrl: `${this.base}/`, json: 'true' }),
    });
    const answer = (await res.json().catch(() => ({}))) as { url?: string };
    if (res.status !== 200 || !this.#cookies.has('next-auth.session-token') || answer.url?.includes('error')) {
      throw new Error(`${this.email} could not sign in (HTTP ${res.status}, ${answer.url ?? 'no url'})`);
    }
    await this.page('/', '/');
  }
}
