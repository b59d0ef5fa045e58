/**
 * `npm run test:load`: many staff members at once, browsing and editing through the production
 * dashboard over HTTP as their browsers would (pages, next-auth sign-in, server actions), against
 * a fresh sandbox. Afterwards it checks that the dashboard answered no 5xx, lost no update (the
 * sandbox and the audit log hold every change reported as done) and kept within the API's rate
 * limit, and writes bench/results/load.json. Not part of `npm test` (it takes minutes and the
 * whole machine).
 *
 *   npm run test:load [-- --sessions 50] [--seconds 120] [--think-min 1] [--think-max 3] [--processes 1] [--port 3400] [--sandbox-port 4400] [--build | --no-build]
 *
 * It builds when there is no production build (--build always, --no-build never), and serves on
 * ports 3400 (dashboard) and 4400 (sandbox) unless --port / --sandbox-port say otherwise. With --processes N (N > 1) it runs N dashboard
 * processes on ports 3400… on one PostgreSQL (scripts/load-processes.ts), the sessions spread
 * over them in turn, and writes bench/results/load-N-processes.json.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { moveSeats, UNALLOCATED, unpackGrid, type Edits, type GridRow, type PackedGrid } from '../lib/allocation';
import type { CommitmentRow } from '../lib/guestbook/schemas';
import { sandboxControls, type LoggedRequest } from '../lib/sandbox/control-client';
import { DEMO_DELEGATES, DEMO_PARTNER } from '../lib/sandbox/seed/demo';
import { DEMO_PASSWORD } from '../lib/server/demo-accounts';
import { openDashboardDb } from '../lib/server/db/open';
import { auditLog } from '../lib/server/db/schema';
import { actionResult, canonical, changesChain, flightOf, jsonProp, peakInWindow, perFixedMinute, possibleFinalValues, quantile, unmatched, type TimedWrite } from './load-checks';
import { buildActions } from '../e2e/action-list';
import { actionHeaders } from '../e2e/server-actions';
import { startDeployment, type Deployment } from './load-processes';
import { NEXT_BIN, run, startProcess, type Started } from './processes';

const { values } = parseArgs({
  options: {
    sessions: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '120' },
    'think-min': { type: 'string', default: '1' },
    'think-max': { type: 'string', default: '3' },
    build: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    processes: { type: 'string', default: '1' },
    port: { type: 'string', default: '3400' },
    'sandbox-port': { type: 'string', default: '4400' },
  },
});
const PROCESSES = Number(values.processes);
if (!Number.isInteger(PROCESSES) || PROCESSES < 1 || PROCESSES > 8) {
  console.error('--processes must be a whole number from 1 to 8.');
  process.exit(2);
}
const SESSIONS = Number(values.sessions);
const SECONDS = Number(values.seconds);
const THINK_MIN_MS = Number(values['think-min']) * 1000;
const THINK_MAX_MS = Number(values['think-max']) * 1000;
if (![SESSIONS, SECONDS, THINK_MIN_MS, THINK_MAX_MS].every((n) => Number.isFinite(n) && n >= 0) || SESSIONS < 1 || THINK_MAX_MS < THINK_MIN_MS) {
  console.error('--sessions and --seconds must be positive numbers, and --think-min ≤ --think-max (seconds).');
  process.exit(2);
}

// The sandbox started through scripts/run.ts takes its control token from here.
process.env.SANDBOX_CONTROL_TOKEN ||= randomBytes(18).toString('base64url');
const PORT = Number(values.port);
const SANDBOX_PORT = Number(values['sandbox-port']);
const BASE = `http://127.0.0.1:${PORT}`;
/** the dashboard processes; session i uses BASES[i % BASES.length] */
let BASES = [BASE];
const SANDBOX = `http://127.0.0.1:${SANDBOX_PORT}`;
const DATA_DIR = path.join('.data', 'load', 'dashboard');
const REQUEST_TIMEOUT_MS = 120_000;
const API_LIMIT_PER_MINUTE = 1_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
const chance = (p: number) => Math.random() < p;
const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;
const uuidLinks = (html: string, prefix: string) => [...new Set([...html.matchAll(new RegExp(`href="${prefix}/([0-9a-f-]{36})"`, 'g'))].map((m) => m[1]!))];
const today = (offsetDays = 0) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

// ── what the run records ──────────────────────────────────────────────────────────────────────

interface PageView {
  route: string;
  /** when it was asked for (ms since the epoch) */
  at: number;
  status: number;
  ms: number;
  /** the message of the page's error state, when it shows one */
  errorState: string | null;
  /** a render failure (an error with a digest that is not a redirect or a not-found) */
  renderError: boolean;
}

type Outcome = 'ok' | 'conflict' | 'failed' | 'refused' | 'rate-limited' | 'http-error' | 'no-answer';

interface ActionRecord {
  kind: string;
  outcome: Outcome;
  status: number;
  ms: number;
  start: number;
  end: number;
  staff: string;
  message?: string;
}

interface EntityContext {
  id: string;
  org_id: string | null;
}

const pageViews: PageView[] = [];
const actions: ActionRecord[] = [];
const serverErrors: string[] = [];
const notesWrites = new Map<string, TimedWrite<string | null>[]>();
const partySizeWrites = new Map<string, TimedWrite<number | null>[]>();
const cancels = new Map<string, TimedWrite<string>[]>();
const reservationContext = new Map<string, EntityContext>();
const entityNameWrites = new Map<string, TimedWrite<string>[]>();
const appliedChanges: { start: number; end: number; changes: { commitmentId: string; entityId: string; before: number; after: number }[] }[] = [];
/** cells an apply left part-way (a failure between its PUTs): their value is whatever the API kept */
const uncertainCells = new Set<string>();
/** audit keys of every success, to find in the audit log */
const expectedAudit: string[] = [];

const cellKey = (commitmentId: string, entityId: string) => `${commitmentId}:${entityId}`;
/** grid loads, and those showing a row read-only because the entities' views of it disagree */
const gridLoads = { parsed: 0, withInconsistentRows: 0 };

// ── one staff member's browser, over HTTP ─────────────────────────────────────────────────────

interface ActionAnswer {
  ok: boolean;
  data?: unknown;
  error?: string;
}

class StaffBrowser {
  readonly #cookies = new Map<string, string>();
  /** the request waiting for an answer, for the progress lines */
  inFlight: { what: string; since: number } | null = null;
  constructor(
    readonly email: string,
    readonly base = BASE,
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
    this.inFlight = { what: `${init.method ?? 'GET'} ${url.slice(this.base.length)}${(init.headers as Record<string, string>)['Next-Action'] ? ' (action)' : ''}`, since: Date.now() };
    const res = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS), headers: { ...(init.headers as Record<string, string>), cookie: this.#cookieHeader() } });
    this.#keepCookies(res);
    return res;
  }

  /** Opens a page as a full load; records the view. null when it did not answer with a page. */
  async page(pathAndQuery: string, route: string): Promise<string | null> {
    const at = Date.now();
    const started = performance.now();
    let status = 0;
    let html = '';
    try {
      const res = await this.#fetch(`${this.base}${pathAndQuery}`, { headers: { accept: 'text/html' } });
      status = res.status;
      html = await res.text();
      this.inFlight = null;
    } catch (e) {
      serverErrors.push(`GET ${pathAndQuery}: no answer (${e instanceof Error ? e.message : String(e)})`);
    }
    const ms = performance.now() - started;
    if (status >= 500) serverErrors.push(`GET ${pathAndQuery}: HTTP ${status}`);
    const flight = status === 200 ? flightOf(html) : '';
    const errorState = html.includes('data-testid="error-state"') ? errorMessage(flight) : null;
    const renderError = [...flight.matchAll(/"digest":"([^"]*)"/g)].some((m) => !m[1]!.startsWith('NEXT_'));
    if (renderError) serverErrors.push(`GET ${pathAndQuery}: the page failed to render`);
    pageViews.push({ route, at, status, ms, errorState, renderError });
    return status === 200 ? html : null;
  }

  /** Posts a server action the way the browser does from the page at `pagePath`. */
  async action(pagePath: string, kind: string, args: unknown[]): Promise<{ answer: ActionAnswer | null; record: ActionRecord }> {
    const start = Date.now();
    const started = performance.now();
    let status = 0;
    let body = '';
    try {
      const res = await this.#fetch(`${this.base}${pagePath}`, {
        method: 'POST',
        headers: actionHeaders(actionIds[kind]!, this.base),
        body: JSON.stringify(args),
      });
      status = res.status;
      body = await res.text();
      this.inFlight = null;
    } catch (e) {
      serverErrors.push(`${kind} on ${pagePath}: no answer (${e instanceof Error ? e.message : String(e)})`);
    }
    const ms = performance.now() - started;
    if (status >= 500) serverErrors.push(`${kind} on ${pagePath}: HTTP ${status}`);
    const parsed = status === 200 ? (actionResult(body) as ActionAnswer | undefined) : undefined;
    const answer = parsed && typeof parsed.ok === 'boolean' ? parsed : null;
    const outcome: Outcome = status === 0 ? 'no-answer' : !answer ? 'http-error' : answer.ok ? 'ok' : /rate limit/i.test(answer.error ?? '') ? 'rate-limited' : 'refused';
    const record: ActionRecord = { kind, outcome, status, ms, start, end: Date.now(), staff: this.email, message: answer && !answer.ok ? answer.error : undefined };
    actions.push(record);
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

function errorMessage(flight: string): string {
  const at = flight.indexOf('"data-testid":"error-state"');
  const text = at >= 0 ? flight.slice(at, at + 1200) : '';
  const strings = [...text.matchAll(/"children":"([^"]{12,})"/g)].map((m) => m[1]!);
  return strings.at(-1) ?? 'error state';
}

// ── the sandbox, read directly as the partner (before and after the run, paced) ──────────────

class SandboxReader {
  readonly #tokens = new Map<string, Promise<string>>();
  #remaining = Infinity;
  #resetAt = 0;
  requests = 0;

  #token(orgId: string | null): Promise<string> {
    const key = orgId ?? '';
    if (!this.#tokens.has(key)) {
      this.#tokens.set(
        key,
        fetch(`${SANDBOX}/oauth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ client_id: DEMO_PARTNER.clientId, client_secret: DEMO_PARTNER.clientSecret, audience: `${SANDBOX}/`, grant_type: 'client_credentials', ...(orgId ? { organization: orgId } : {}) }),
        })
          .then((r) => r.json() as Promise<{ access_token: string }>)
          .then((t) => t.access_token),
      );
    }
    return this.#tokens.get(key)!;
  }

  /** GET as the partner acting for `entity` (its org-bound token, else the X-Entity-Id header); waits out a spent window. */
  async get<T>(pathAndQuery: string, entity: EntityContext | null = null): Promise<{ status: number; body: T }> {
    for (;;) {
      if (this.#remaining < 25 && Date.now() < this.#resetAt) await sleep(this.#resetAt - Date.now() + 500);
      const headers: Record<string, string> = { authorization: `Bearer ${await this.#token(entity?.org_id ?? null)}` };
      if (entity && !entity.org_id) headers['x-entity-id'] = entity.id;
      const res = await fetch(`${SANDBOX}${pathAndQuery}`, { headers });
      this.requests++;
      this.#remaining = Number(res.headers.get('x-ratelimit-remaining') ?? Infinity);
      this.#resetAt = Number(res.headers.get('x-ratelimit-reset') ?? 0) * 1000;
      if (res.status === 429) {
        this.#remaining = 0;
        continue;
      }
      return { status: res.status, body: (await res.json()) as T };
    }
  }

  async list<T>(pathAndQuery: string, entity: EntityContext | null = null): Promise<T[] | null> {
    const out: T[] = [];
    for (let page = 1; page <= 100; page++) {
      const res = await this.get<{ data: T[]; pagination: { total_pages: number } }>(`${pathAndQuery}${pathAndQuery.includes('?') ? '&' : '?'}page=${page}&limit=100`, entity);
      if (res.status !== 200) return null;
      out.push(...res.body.data);
      if (page >= res.body.pagination.total_pages) break;
    }
    return out;
  }
}

interface SandboxEntity {
  id: string;
  name: string;
  org_id: string | null;
  default_locale: string;
}

/** Every entity's view of every commitment, by cell; entities whose rows cannot be read are left out. */
async function readCells(reader: SandboxReader, entities: SandboxEntity[]): Promise<Map<string, number>> {
  const cells = new Map<string, number>();
  for (const e of entities) {
    const rows = await reader.list<CommitmentRow>('/v2/commitments?status[]=assigned&status[]=unassigned&status[]=ended', e);
    for (const r of rows ?? []) cells.set(cellKey(r.id, e.id), r.entity_seats ?? 0);
  }
  return cells;
}

// ── the request log of the sandbox ────────────────────────────────────────────────────────────

const requestLog: LoggedRequest[] = [];
let lastSeq = 0;
/**
 * Reads the sandbox's request log since the last read. An entry gets its status and client once
 * answered, so the read stops before the first request still in flight (other than this read
 * itself) and takes it up again next time.
 */
async function pollRequestLog(): Promise<void> {
  const data = await sandboxControls(SANDBOX).requests(lastSeq);
  if (data.length && data[0]!.seq > lastSeq + 1) throw new Error(`the sandbox's request log dropped entries ${lastSeq + 1}–${data[0]!.seq - 1} between two reads`);
  for (const r of data) {
    const ownRead = r.path === '/_sandbox/requests';
    const stuck = Date.now() - Date.parse(r.at) > REQUEST_TIMEOUT_MS;
    if (r.status === undefined && !ownRead && !stuck) break;
    if (!r.path.startsWith('/_sandbox')) requestLog.push(r);
    lastSeq = r.seq;
  }
}

// ── what staff do ─────────────────────────────────────────────────────────────────────────────

let actionIds: Record<string, string> = {};
let entities: SandboxEntity[] = [];
const suspendedEntityIds = new Set(DEMO_DELEGATES.filter((d) => d.suspended).map((d) => d.entityId));
const defaultEntity = (): EntityContext => {
  const e = entities.find((x) => x.id === DEMO_PARTNER.defaultEntityId)!;
  return { id: e.id, org_id: e.org_id };
};

type Role = 'admin' | 'operator' | 'viewer';
interface Member {
  email: string;
  name: string;
  role: Role;
}

interface Session {
  browser: StaffBrowser;
  member: Member;
  index: number;
  deadline: number;
  entity: EntityContext;
  /** the page the browser shows, where the shell's entity switcher posts from */
  at: string;
  edits: number;
}

const SEARCHES: { query: () => string; editable: boolean }[] = [
  { query: () => '?status[in]=confirmed,pending&sort=-date', editable: true },
  { query: () => `?status=confirmed&date[gte]=${today()}`, editable: true },
  { query: () => `?status[in]=confirmed,pending&date[gte]=${today()}&sort=date&page=2`, editable: true },
  { query: () => `?date=${today()}`, editable: false },
  { query: () => `?status=no_show&date[gte]=${today(-7)}&date[lte]=${today()}`, editable: false },
  { query: () => '?sort=-created_at', editable: false },
  { query: () => '', editable: false },
];

/** Between two steps: reading the page, deciding, typing. */
async function think(s: Session): Promise<boolean> {
  await sleep(THINK_MIN_MS + Math.random() * (THINK_MAX_MS - THINK_MIN_MS));
  return Date.now() < s.deadline;
}

async function open(s: Session, pathAndQuery: string, route: string): Promise<string | null> {
  s.at = pathAndQuery.split('?')[0]!;
  return s.browser.page(pathAndQuery, route);
}

async function browse(s: Session): Promise<void> {
  const pages: [string, string][] = [
    ['/', '/'],
    ['/identity', '/identity'],
    ['/delegates', '/delegates'],
    ['/entities', '/entities'],
    ['/venues', '/venues'],
    ['/markets', '/markets'],
    ['/activity', '/activity'],
    ...(s.member.role === 'admin' ? ([['/team', '/team']] as [string, string][]) : []),
  ];
  const [where, route] = pick(pages);
  const html = await open(s, where, route);
  const detail = { '/delegates': '/delegates', '/venues': '/venues', '/entities': '/entities' }[where];
  if (!html || !detail || !chance(0.6)) return;
  const ids = uuidLinks(html, detail);
  if (ids.length && (await think(s))) await open(s, `${detail}/${pick(ids)}`, `${detail}/[id]`);
}

async function reservations(s: Session): Promise<void> {
  const search = pick(SEARCHES);
  const html = await open(s, `/reservations${search.query()}`, '/reservations');
  const ids = html ? uuidLinks(html, '/reservations') : [];
  if (!ids.length || !(await think(s))) return;
  const id = pick(ids);
  const detail = await open(s, `/reservations/${id}`, '/reservations/[id]');
  if (!detail || s.member.role === 'viewer' || !search.editable || !chance(0.45) || !(await think(s))) return;
  const entity = s.entity;
  if (chance(0.12)) {
    const { answer, record } = await s.browser.action(`/reservations/${id}`, 'cancelReservation', [{ id }]);
    if (answer?.ok) {
      reservationContext.set(id, entity);
      push(cancels, id, { start: record.start, end: record.end, value: (answer.data as { status: string }).status });
      expectedAudit.push(`cancel-reservation|${s.browser.email}|${id}|canceled`);
    }
    return;
  }
  const notes = chance(0.7);
  const changes = notes ? { notes: `Load ${s.index}.${++s.edits}: ${pick(['window table', 'birthday', 'allergy: nuts', 'high chair', 'late arrival', 'quiet corner'])}` } : { party_size: 1 + Math.floor(Math.random() * 6) };
  const { answer, record } = await s.browser.action(`/reservations/${id}`, 'updateReservation', [{ id, changes }]);
  if (!answer?.ok) return;
  const data = answer.data as { notes: string | null; party_size: number | null };
  reservationContext.set(id, entity);
  const write = { start: record.start, end: record.end };
  if (notes) push(notesWrites, id, { ...write, value: data.notes });
  else push(partySizeWrites, id, { ...write, value: data.party_size });
  expectedAudit.push(`update-reservation|${s.browser.email}|${id}|${canonical(notes ? { notes: data.notes } : { party_size: data.party_size })}`);
}

/** One or two seat moves on the grid as loaded, as a staff member drags them. */
function planMoves(rows: GridRow[]): { commitmentId: string; entityId: string; before: number; after: number }[] | null {
  const editable = rows.filter((r) => r.status === 'active' && !r.inconsistent && Object.values(r.cells).some((c) => c.editable));
  const changes: { commitmentId: string; entityId: string; before: number; after: number }[] = [];
  const wanted = chance(0.25) ? 2 : 1;
  for (let attempt = 0; attempt < 30 && changes.length / 2 < wanted && editable.length; attempt++) {
    const row = pick(editable);
    if (changes.some((c) => c.commitmentId === row.commitmentId)) continue;
    const cells = Object.values(row.cells).filter((c) => c.editable);
    const from = chance(0.2) ? UNALLOCATED : pick(cells).entityId;
    const to = from !== UNALLOCATED && chance(0.2) ? UNALLOCATED : pick(cells).entityId;
    const moved = moveSeats(row, {} as Edits, from, to, 1 + Math.floor(Math.random() * 3));
    if (!moved.ok) continue;
    for (const [entityId, after] of Object.entries(moved.edits[row.commitmentId] ?? {})) {
      changes.push({ commitmentId: row.commitmentId, entityId, before: row.cells[entityId]!.seats, after });
    }
  }
  return changes.length ? changes : null;
}

async function allocations(s: Session): Promise<void> {
  const html = await open(s, '/allocations', '/allocations');
  if (!html || s.member.role === 'viewer' || !chance(0.5)) return;
  const flight = flightOf(html);
  if (!flight.includes('"grid":')) throw new Error('The allocations page carries no grid rows.');
  const grid = unpackGrid(jsonProp(flight, 'grid') as PackedGrid);
  gridLoads.parsed++;
  if (grid.some((r) => r.inconsistent)) gridLoads.withInconsistentRows++;
  const changes = planMoves(grid);
  if (!changes || !(await think(s))) return;
  const { answer, record } = await s.browser.action('/allocations', 'applyAllocation', [{ changes }]);
  const outcome = answer?.ok ? (answer.data as { status: 'applied' | 'conflict' | 'failed' }).status : null;
  if (outcome === 'conflict') record.outcome = 'conflict';
  if (outcome === 'failed') {
    record.outcome = 'failed';
    for (const c of changes) uncertainCells.add(cellKey(c.commitmentId, c.entityId));
  }
  if (outcome === 'applied') {
    appliedChanges.push({ start: record.start, end: record.end, changes });
    const after = changes.map((c) => ({ commitmentId: c.commitmentId, entityId: c.entityId, seats: c.after }));
    expectedAudit.push(`apply-allocation|${s.browser.email}|${canonical(sortCells(after))}`);
  }
  // The grid names the conflict; the staff member reloads to see the current values.
  if (outcome === 'conflict' && (await think(s))) await open(s, '/allocations', '/allocations');
}

const sortCells = <T extends { commitmentId: string; entityId: string }>(cells: T[]) =>
  [...cells].sort((a, b) => cellKey(a.commitmentId, a.entityId).localeCompare(cellKey(b.commitmentId, b.entityId)));

async function entityPages(s: Session): Promise<void> {
  const html = await open(s, '/entities', '/entities');
  const ids = html ? uuidLinks(html, '/entities') : [];
  if (!ids.length || !(await think(s))) return;
  const id = pick(ids);
  const page = await open(s, `/entities/${id}`, '/entities/[id]');
  const entity = entities.find((e) => e.id === id);
  if (!page || !entity || s.member.role !== 'admin' || suspendedEntityIds.has(id) || !chance(0.5) || !(await think(s))) return;
  const name = `${entity.name} · ${s.index}.${++s.edits}`;
  const { answer, record } = await s.browser.action(`/entities/${id}`, 'updateEntity', [{ id, name, default_locale: entity.default_locale, default_program_id: '' }]);
  if (!answer?.ok) return;
  push(entityNameWrites, id, { start: record.start, end: record.end, value: name });
  expectedAudit.push(`update-entity|${s.browser.email}|${id}|${name}`);
}

async function switchEntity(s: Session): Promise<void> {
  const choices = entities.filter((e) => e.id !== s.entity.id && !suspendedEntityIds.has(e.id));
  const next = pick(choices);
  const { answer } = await s.browser.action(s.at, 'selectEntity', [{ id: next.id }]);
  if (answer?.ok) s.entity = { id: next.id, org_id: next.org_id };
  if (await think(s)) await open(s, `/reservations${pick(SEARCHES).query()}`, '/reservations');
}

const TASKS = { browse, reservations, allocations, entities: entityPages, switch: switchEntity };
const WEIGHTS: Record<Role, Partial<Record<keyof typeof TASKS, number>>> = {
  viewer: { browse: 40, reservations: 35, allocations: 15, entities: 5, switch: 5 },
  operator: { browse: 20, reservations: 40, allocations: 30, entities: 2, switch: 8 },
  admin: { browse: 20, reservations: 20, allocations: 15, entities: 35, switch: 10 },
};

function pickTask(role: Role): keyof typeof TASKS {
  const weights = Object.entries(WEIGHTS[role]) as [keyof typeof TASKS, number][];
  let r = Math.random() * weights.reduce((sum, [, w]) => sum + w, 0);
  for (const [task, w] of weights) if ((r -= w) < 0) return task;
  return weights[0]![0];
}

/** Counts by key, the most frequent first. */
function countBy<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]));
}

function push<T>(map: Map<string, TimedWrite<T>[]>, key: string, write: TimedWrite<T>) {
  map.set(key, [...(map.get(key) ?? []), write]);
}

async function runSession(s: Session, password: string, rampMs: number): Promise<void> {
  await sleep(rampMs);
  await s.browser.signIn(password);
  while (Date.now() < s.deadline) {
    await TASKS[pickTask(s.member.role)](s);
    if (!(await think(s))) break;
  }
}

// ── the team: created by the admin, as a real deployment's admin would ─────────────────────────

function teamOf(n: number): Member[] {
  const admins = Math.max(1, Math.round(n * 0.1));
  const viewers = n >= 3 ? Math.round(n * 0.1) : 0;
  return Array.from({ length: n }, (_, i) => {
    const role: Role = i < admins ? 'admin' : i < admins + viewers ? 'viewer' : 'operator';
    const label = String(i + 1).padStart(2, '0');
    return { email: `load-${label}.${role}@demo.test`, name: `Load ${role} ${label}`, role };
  });
}

// ── the run ───────────────────────────────────────────────────────────────────────────────────

/** The build's server action ids by export name (the build's manifest, read by e2e's action list). */
const readActionIds = (): Record<string, string> => Object.fromEntries(buildActions().map((a) => [a.key.split('#')[1]!, a.id]));

let serve: Started | null = null;
let deployment: Deployment | null = null;
async function stopServe() {
  const s = serve;
  const d = deployment;
  serve = null;
  deployment = null;
  await s?.stop();
  await d?.stop();
}
process.on('SIGINT', () => void stopServe().then(() => process.exit(130)));
process.on('SIGTERM', () => void stopServe().then(() => process.exit(143)));

async function main(): Promise<number> {
  const hasBuild = existsSync('.next/BUILD_ID');
  if (values['no-build'] && !hasBuild) throw new Error('No production build: run `npx next build` first, or drop --no-build.');
  if (values.build || (!hasBuild && !values['no-build'])) {
    if ((await run(process.execPath, [NEXT_BIN, 'build'], { NEXT_TELEMETRY_DISABLED: '1' })) !== 0) throw new Error('next build failed');
  }
  actionIds = readActionIds();

  if (PROCESSES > 1) {
    console.log(`\n━━ starting PostgreSQL, the sandbox (${SANDBOX}) and ${PROCESSES} production dashboard processes from ${BASE}`);
    deployment = await startDeployment({ processes: PROCESSES, port: PORT, sandboxPort: SANDBOX_PORT, dataDir: DATA_DIR });
    BASES = deployment.bases;
    void deployment.exited.then((what) => {
      if (deployment) {
        console.error(`${what} stopped during the run`);
        process.exit(1);
      }
    });
  } else {
    console.log(`\n━━ starting the sandbox (${SANDBOX}) and the production dashboard (${BASE})`);
    serve = await startProcess({
      name: 'load',
      command: process.execPath,
      args: ['node_modules/tsx/dist/cli.mjs', 'scripts/run.ts', 'serve', '--port', String(PORT), '--sandbox-port', String(SANDBOX_PORT)],
      env: { DASHBOARD_DATA_DIR: DATA_DIR },
      ready: /Guest Book Partner Dashboard: /,
      quiet: true,
      timeoutMs: 180_000,
    });
    serve.child.once('exit', (code) => {
      if (serve) {
        console.error(`the dashboard or the sandbox stopped during the run (exit ${code})`);
        process.exit(1);
      }
    });
  }

  const reader = new SandboxReader();
  entities = (await reader.list<SandboxEntity>('/v2/entities'))!;
  const cellsBefore = await readCells(reader, entities);
  await pollRequestLog();

  const team = teamOf(SESSIONS);
  const password = randomBytes(12).toString('base64url');
  console.log(`━━ the admin adds ${team.length} staff accounts (${['operator', 'admin', 'viewer'].map((r) => `${team.filter((m) => m.role === r).length} ${r}s`).join(', ')})`);
  const setupStart = Date.now();
  const admin = new StaffBrowser('admin@demo.test');
  await admin.signIn(DEMO_PASSWORD);
  await admin.page('/team', '/team');
  for (const m of team) {
    const { answer } = await admin.action('/team', 'addStaffMember', [{ email: m.email, name: m.name, role: m.role, password }]);
    if (!answer?.ok) throw new Error(`adding ${m.email} failed: ${answer?.error ?? 'no answer'}`);
    expectedAudit.push(`add-staff-member|admin@demo.test|${m.email}`);
  }
  // The team starts work a minute after its accounts were made, as it would: the setup's API
  // requests are then out of the dashboard's one-minute request budget and of the API's window.
  const quiet = 61_000 - (Date.now() - setupStart);
  if (quiet > 0) {
    console.log(`   (the team starts ${Math.ceil(quiet / 1000)} s later, once the setup's API requests are a minute old)`);
    await sleep(quiet);
  }
  const setupPageViews = pageViews.length;
  const setupActions = actions.length;
  pageViews.length = 0;
  actions.length = 0;

  console.log(`━━ ${SESSIONS} staff sessions browse and edit for ${SECONDS} s (think time ${THINK_MIN_MS / 1000}–${THINK_MAX_MS / 1000} s)`);
  const runStart = Date.now();
  const deadline = runStart + SECONDS * 1000;
  const rampMs = Math.min(10_000, (SECONDS * 1000) / 4);
  const sessions: Session[] = team.map((member, index) => ({ browser: new StaffBrowser(member.email, BASES[index % BASES.length]), member, index: index + 1, deadline, entity: defaultEntity(), at: '/', edits: 0 }));
  const poller = setInterval(() => void pollRequestLog().catch((e: unknown) => serverErrors.push(`request log: ${String(e)}`)), 5_000);
  const progress = setInterval(() => {
    const recent = pageViews.slice(-200).map((v) => v.ms);
    console.log(`  ${Math.round((Date.now() - runStart) / 1000)} s: ${pageViews.length} page views (recent p50 ${round(quantile(recent, 0.5))} ms), ${actions.length} actions, ${serverErrors.length} server errors`);
    const waiting = sessions.filter((s) => s.browser.inFlight && Date.now() - s.browser.inFlight.since > 10_000);
    for (const s of waiting.slice(0, 3)) console.log(`    session ${s.index} waits ${round((Date.now() - s.browser.inFlight!.since) / 1000)} s for ${s.browser.inFlight!.what}`);
  }, 15_000);
  const ended = await Promise.allSettled(sessions.map((s) => runSession(s, password, (rampMs * (s.index - 1)) / SESSIONS)));
  const runEnd = Date.now();
  clearInterval(poller);
  clearInterval(progress);
  await pollRequestLog();
  const sessionFailures = ended.flatMap((r, i) => (r.status === 'rejected' ? [`session ${i + 1}: ${r.reason instanceof Error ? r.reason.message : String(r.reason)}`] : []));

  console.log('━━ reading back every change from the sandbox and the audit log');
  const lastRunSeq = lastSeq;
  const entitiesAfter = (await reader.list<SandboxEntity>('/v2/entities'))!;
  const cellsAfter = await readCells(reader, entities);
  const lost: string[] = [];

  for (const cell of new Set([...cellsBefore.keys(), ...cellsAfter.keys()])) {
    if (uncertainCells.has(cell)) continue;
    const [commitmentId, entityId] = cell.split(':') as [string, string];
    const cellChanges = appliedChanges.flatMap((a) => a.changes.filter((c) => c.commitmentId === commitmentId && c.entityId === entityId));
    const before = cellsBefore.get(cell) ?? 0;
    const after = cellsAfter.get(cell) ?? 0;
    if (!changesChain(before, after, cellChanges)) {
      lost.push(`allocation ${cell}: ${before} before the run, ${after} after it, but the applied changes were ${cellChanges.map((c) => `${c.before}→${c.after}`).join(', ') || 'none'}`);
    }
  }
  const touchedReservations = new Set([...notesWrites.keys(), ...partySizeWrites.keys(), ...cancels.keys()]);
  for (const id of touchedReservations) {
    const res = await reader.get<{ data: { notes?: string | null; party_size?: number | null; status: string } }>(`/v2/reservations/${id}`, reservationContext.get(id)!);
    if (res.status !== 200) {
      lost.push(`reservation ${id}: the sandbox answers ${res.status}`);
      continue;
    }
    const r = res.body.data;
    const check = <T>(field: string, writes: TimedWrite<T>[] | undefined, actual: T) => {
      const allowed = possibleFinalValues(writes ?? []);
      if (allowed.length && !allowed.some((v) => v === actual)) lost.push(`reservation ${id} ${field}: the sandbox holds ${JSON.stringify(actual)}, the last change reported ${allowed.map((v) => JSON.stringify(v)).join(' or ')}`);
    };
    check('notes', notesWrites.get(id), r.notes ?? null);
    check('party_size', partySizeWrites.get(id), r.party_size ?? null);
    if (cancels.has(id) && r.status !== 'canceled') lost.push(`reservation ${id}: canceled through the dashboard, but the sandbox says ${r.status}`);
  }
  for (const [id, writes] of entityNameWrites) {
    const actual = entitiesAfter.find((e) => e.id === id)?.name;
    const allowed = possibleFinalValues(writes);
    if (!allowed.includes(actual ?? '')) lost.push(`entity ${id}: named ${JSON.stringify(actual)} in the sandbox, the last rename reported ${allowed.map((v) => JSON.stringify(v)).join(' or ')}`);
  }
  await pollRequestLog();

  const databaseUrl = deployment?.databaseUrl;
  // The audit log is read before PostgreSQL stops with the deployment; the embedded one after the dashboard stopped.
  if (!databaseUrl) await stopServe();
  const { db, close } = await openDashboardDb({ dataDir: path.resolve(DATA_DIR), databaseUrl });
  const auditRows = await db.select().from(auditLog);
  await close();
  await stopServe();
  const auditKeys = auditRows
    .filter((r) => r.result === 'ok')
    .map((r) => {
      const after = r.after as Record<string, unknown> | { commitmentId: string; entityId: string; seats: number }[] | null;
      switch (r.action) {
        case 'update-reservation':
          return `${r.action}|${r.staffEmail}|${r.resourceId}|${canonical(after)}`;
        case 'cancel-reservation':
          return `${r.action}|${r.staffEmail}|${r.resourceId}|${(after as { status?: string } | null)?.status}`;
        case 'update-entity':
          return `${r.action}|${r.staffEmail}|${r.resourceId}|${(after as { name?: string } | null)?.name}`;
        case 'apply-allocation':
          return `${r.action}|${r.staffEmail}|${Array.isArray(after) ? canonical(sortCells(after)) : 'not applied'}`;
        case 'add-staff-member':
          return `${r.action}|${r.staffEmail}|${(after as { email?: string } | null)?.email}`;
        default:
          return `${r.action}|${r.staffEmail}`;
      }
    });
  const missingAudit = unmatched(expectedAudit, auditKeys);

  // ── figures ─────────────────────────────────────────────────────────────────────────────────
  const inRun = requestLog.filter((r) => r.seq <= lastRunSeq);
  const api = inRun.filter((r) => r.path.startsWith('/v2/'));
  const duringRun = api.filter((r) => Date.parse(r.at) >= Math.floor(runStart / 1000) * 1000 && Date.parse(r.at) <= runEnd);
  const clients = [...new Set(api.map((r) => r.client_id ?? 'unknown'))];
  const peakByClient = Object.fromEntries(clients.map((c) => [c, peakInWindow(api.filter((r) => (r.client_id ?? 'unknown') === c).map((r) => Date.parse(r.at)), 60_000).count]));
  const fixedMinutes = perFixedMinute(api.map((r) => Date.parse(r.at)));
  const tooMany = inRun.filter((r) => r.status === 429);
  const apiPerMinute = [...perFixedMinute(duringRun.map((r) => Date.parse(r.at)))].map(([minute, count]) => ({ minute: new Date(minute).toISOString().slice(11, 16), requests: count }));
  const dashboardPeak = Math.max(0, ...Object.values(peakByClient));

  const routes = [...new Set(pageViews.map((v) => v.route))].sort();
  const lat = (xs: number[]) => ({ p50_ms: round(quantile(xs, 0.5)), p95_ms: round(quantile(xs, 0.95)) });
  const kinds = [...new Set(actions.map((a) => a.kind))].sort();
  const errorStates = pageViews.filter((v) => v.errorState);
  const errorMessages = [...new Set(errorStates.map((v) => v.errorState!))].slice(0, 5);
  const http5xx = [...pageViews.filter((v) => v.status >= 500), ...actions.filter((a) => a.status >= 500)].length;

  const checks = [
    { name: 'every session signed in and ran to the end', ok: sessionFailures.length === 0, detail: sessionFailures.slice(0, 5).join('; ') },
    { name: 'no HTTP 5xx, failed render or unanswered request from the dashboard', ok: serverErrors.length === 0, detail: serverErrors.slice(0, 5).join('; ') },
    { name: 'no lost update: the sandbox holds every change reported as done', ok: lost.length === 0, detail: lost.slice(0, 5).join('; ') },
    { name: 'every change reported as done has its audit row', ok: missingAudit.length === 0, detail: missingAudit.slice(0, 5).join('; ') },
    { name: 'the API never answered 429', ok: tooMany.length === 0, detail: tooMany.slice(0, 3).map((r) => `${r.method} ${r.path} at ${r.at}`).join('; ') },
    { name: `at most ${API_LIMIT_PER_MINUTE} API requests per client in any 60 s`, ok: dashboardPeak <= API_LIMIT_PER_MINUTE, detail: JSON.stringify(peakByClient) },
  ];

  const results = {
    measured_at: new Date().toISOString(),
    command: `npm run test:load -- --sessions ${SESSIONS} --seconds ${SECONDS} --think-min ${THINK_MIN_MS / 1000} --think-max ${THINK_MAX_MS / 1000}${PROCESSES > 1 ? ` --processes ${PROCESSES}` : ''}`,
    processes: PROCESSES,
    machine: { cores: cpus().length, memory_gb: round(totalmem() / 1024 ** 3), cpu: cpus()[0]?.model ?? 'unknown', node: process.version },
    sessions: SESSIONS,
    roles: Object.fromEntries((['operator', 'admin', 'viewer'] as const).map((r) => [r, team.filter((m) => m.role === r).length])),
    seconds: SECONDS,
    elapsed_s: round((runEnd - runStart) / 1000, 1),
    think_time_s: [THINK_MIN_MS / 1000, THINK_MAX_MS / 1000],
    setup: { staff_accounts_added: team.length, page_views: setupPageViews, actions: setupActions },
    page_views: {
      total: pageViews.length,
      per_second: round(pageViews.length / ((runEnd - runStart) / 1000), 1),
      ...lat(pageViews.map((v) => v.ms)),
      slower_than_5s: pageViews.filter((v) => v.ms > 5_000).length,
      with_error_state: errorStates.length,
      error_state_messages: errorMessages,
      by_route: Object.fromEntries(routes.map((r) => {
        const views = pageViews.filter((v) => v.route === r);
        return [r, { count: views.length, ...lat(views.map((v) => v.ms)), error_states: views.filter((v) => v.errorState).length }];
      })),
    },
    actions: {
      total: actions.length,
      ...lat(actions.map((a) => a.ms)),
      slower_than_5s: actions.filter((a) => a.ms > 5_000).length,
      by_kind: Object.fromEntries(kinds.map((k) => {
        const of = actions.filter((a) => a.kind === k);
        const outcomes = Object.fromEntries([...new Set(of.map((a) => a.outcome))].sort().map((o) => [o, of.filter((a) => a.outcome === o).length]));
        return [k, { count: of.length, outcomes, ...lat(of.map((a) => a.ms)) }];
      })),
      refusal_messages: [...new Set(actions.filter((a) => a.message).map((a) => a.message!.replace(/[0-9a-f-]{36}/g, '…').slice(0, 160)))].slice(0, 8),
    },
    api: {
      requests_during_run: duringRun.length,
      requests_per_page_view: round(duringRun.length / Math.max(1, pageViews.length), 2),
      by_endpoint: countBy(duringRun, (r) => `${r.method} ${r.path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '{id}')}`),
      token_requests: inRun.filter((r) => r.path === '/oauth/token').length,
      peak_60s_window_by_client: peakByClient,
      peak_fixed_minute: Math.max(0, ...fixedMinutes.values()),
      per_minute: apiPerMinute,
      status_429: tooMany.length,
      verification_reads_after_run: reader.requests,
    },
    http_5xx: http5xx,
    server_errors: serverErrors.length,
    lost_updates: lost.length,
    audit: { rows: auditRows.length, successes_checked: expectedAudit.length, missing: missingAudit.length },
    allocation_grids: { read_by_operators: gridLoads.parsed, with_inconsistent_rows: gridLoads.withInconsistentRows },
    verified: {
      allocation_cells: new Set([...cellsBefore.keys(), ...cellsAfter.keys()]).size,
      allocation_cells_left_part_way: uncertainCells.size,
      reservations: touchedReservations.size,
      entities_renamed: entityNameWrites.size,
    },
    checks,
  };
  mkdirSync('bench/results', { recursive: true });
  const resultsFile = PROCESSES > 1 ? `bench/results/load-${PROCESSES}-processes.json` : 'bench/results/load.json';
  writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
  // The raw log of the run, for a closer look (not kept in the repository).
  writeFileSync('bench/results/load-requests.tmp.json', JSON.stringify({ runStart, runEnd, requests: inRun, pageViews, actions }));
  printSummary(results);
  console.log(`\nwrote ${resultsFile}`);
  return checks.every((c) => c.ok) ? 0 : 1;
}

function printSummary(r: {
  sessions: number;
  seconds: number;
  page_views: { total: number; per_second: number; p50_ms: number; p95_ms: number; slower_than_5s: number; with_error_state: number; error_state_messages: string[]; by_route: Record<string, { count: number; p50_ms: number; p95_ms: number; error_states: number }> };
  actions: { total: number; p50_ms: number; p95_ms: number; slower_than_5s: number; by_kind: Record<string, { count: number; outcomes: Record<string, number>; p50_ms: number; p95_ms: number }>; refusal_messages: string[] };
  api: { requests_during_run: number; requests_per_page_view: number; peak_60s_window_by_client: Record<string, number>; peak_fixed_minute: number; status_429: number; token_requests: number };
  allocation_grids: { read_by_operators: number; with_inconsistent_rows: number };
  http_5xx: number;
  lost_updates: number;
  checks: { name: string; ok: boolean; detail: string }[];
}) {
  console.log(`\n${r.sessions} sessions × ${r.seconds} s`);
  console.log(`  page views ${r.page_views.total} (${r.page_views.per_second}/s), p50 ${r.page_views.p50_ms} ms, p95 ${r.page_views.p95_ms} ms, ${r.page_views.slower_than_5s} over 5 s, ${r.page_views.with_error_state} with an error state`);
  for (const m of r.page_views.error_state_messages) console.log(`    error state: ${m}`);
  console.log('  route                      views   p50 ms   p95 ms  errors');
  for (const [route, v] of Object.entries(r.page_views.by_route)) console.log(`  ${route.padEnd(24)} ${String(v.count).padStart(7)} ${String(v.p50_ms).padStart(8)} ${String(v.p95_ms).padStart(8)} ${String(v.error_states).padStart(7)}`);
  console.log(`  actions ${r.actions.total}, p50 ${r.actions.p50_ms} ms, p95 ${r.actions.p95_ms} ms, ${r.actions.slower_than_5s} over 5 s`);
  for (const [kind, a] of Object.entries(r.actions.by_kind)) {
    console.log(`    ${kind.padEnd(20)} ${String(a.count).padStart(5)}  p50 ${a.p50_ms} / p95 ${a.p95_ms} ms  ${Object.entries(a.outcomes).map(([o, n]) => `${o} ${n}`).join(', ')}`);
  }
  for (const m of r.actions.refusal_messages) console.log(`    refused: ${m}`);
  console.log(`  API: ${r.api.requests_during_run} requests (${r.api.requests_per_page_view} per page view), busiest 60 s ${JSON.stringify(r.api.peak_60s_window_by_client)}, busiest fixed minute ${r.api.peak_fixed_minute}, ${r.api.token_requests} token requests, ${r.api.status_429} × 429`);
  console.log(`  allocation grids read by operators ${r.allocation_grids.read_by_operators}, ${r.allocation_grids.with_inconsistent_rows} with a row read-only because the entities' views disagree`);
  console.log(`  HTTP 5xx ${r.http_5xx}, lost updates ${r.lost_updates}`);
  for (const c of r.checks) console.log(`  ${c.ok ? '✓' : '✗'} ${c.name}${c.ok ? '' : `: ${c.detail}`}`);
}

main()
  .then(async (code) => {
    await stopServe();
    process.exit(code);
  })
  .catch(async (e: unknown) => {
    console.error(e instanceof Error ? e.stack : e);
    await stopServe();
    process.exit(1);
  });
