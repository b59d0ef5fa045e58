/** What staff do in a session: browse, search and edit reservations, move seats, rename entities, switch entity. */
import {
  moveSeats,
  UNALLOCATED,
  unpackGrid,
  type Change,
  type Edits,
  type GridRow,
  type PackedGrid,
} from '../../lib/allocation';
import type { EntityContext } from '../../lib/guestbook';
import type { StaffBrowser } from './browser';
import { canonical } from './checks';
import { cellKey, sortCells, type RunRecord } from './record';
import { flightOf, jsonProp } from './rsc';

export type Role = 'admin' | 'operator' | 'viewer';

export interface Member {
  email: string;
  name: string;
  role: Role;
}

export interface SandboxEntity extends EntityContext {
  name: string;
  default_locale: string;
}

/** What every session of a run shares. */
export interface RunWorld {
  record: RunRecord;
  entities: SandboxEntity[];
  suspendedEntityIds: ReadonlySet<string>;
  thinkMinMs: number;
  thinkMaxMs: number;
}

export interface Session {
  world: RunWorld;
  browser: StaffBrowser;
  member: Member;
  index: number;
  deadline: number;
  entity: EntityContext;
  /** the page the browser shows, where the shell's entity switcher posts from */
  at: string;
  edits: number;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
const chance = (p: number) => Math.random() < p;
const uuidLinks = (html: string, prefix: string) => [
  ...new Set([...html.matchAll(new RegExp(`href="${prefix}/([0-9a-f-]{36})"`, 'g'))].map((m) => m[1]!)),
];
const today = (offsetDays = 0) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

const SEARCHES: { query: () => string; editable: boolean }[] = [
  { query: () => '?status[in]=confirmed,pending&sort=-date', editable: true },
  { query: () => `?status=confirmed&date[gte]=${today()}`, editable: true },
  { query: () => `?status[in]=confirmed,pending&date[gte]=${today()}&sort=date&page=2`, editable: true },
  { query: () => `?date=${today()}`, editable: false },
  { query: () => `?status=no_show&date[gte]=${today(-7)}&date[lte]=${today()}`, editable: false },
  { query: () => '?sort=-created_at', editable: false },
  { query: () => '', editable: false },
];

/** Between two steps: reading the page, deciding, typing. Whether the session has time left. */
export async function think(s: Session): Promise<boolean> {
  await sleep(s.world.thinkMinMs + Math.random() * (s.world.thinkMaxMs - s.world.thinkMinMs));
  return Date.now() < s.deadline;
}

async function open(s: Session, pathAndQuery: string, route: string): Promise<string | null> {
  s.at = pathAndQuery.split('?')[0]!;
  return s.browser.page(pathAndQuery, route);
}

const BROWSED = ['/', '/identity', '/delegates', '/entities', '/venues', '/markets', '/activity'];
const DETAILS: Record<string, string> = { '/delegates': '/delegates', '/venues': '/venues', '/entities': '/entities' };

async function browse(s: Session): Promise<void> {
  const where = pick([...BROWSED, ...(s.member.role === 'admin' ? ['/team'] : [])]);
  const html = await open(s, where, where);
  const detail = DETAILS[where];
  if (!html || !detail || !chance(0.6)) return;
  const ids = uuidLinks(html, detail);
  if (ids.length && (await think(s))) await open(s, `${detail}/${pick(ids)}`, `${detail}/[id]`);
}

const NOTES = ['window table', 'birthday', 'allergy: nuts', 'high chair', 'late arrival', 'quiet corner'];

async function reservations(s: Session): Promise<void> {
  const { record } = s.world;
  const search = pick(SEARCHES);
  const html = await open(s, `/reservations${search.query()}`, '/reservations');
  const ids = html ? uuidLinks(html, '/reservations') : [];
  if (!ids.length || !(await think(s))) return;
  const id = pick(ids);
  const detail = await open(s, `/reservations/${id}`, '/reservations/[id]');
  if (!detail || s.member.role === 'viewer' || !search.editable || !chance(0.45) || !(await think(s))) return;
  const entity = s.entity;
  if (chance(0.12)) {
    const { answer, record: sent } = await s.browser.action(`/reservations/${id}`, 'cancelReservation', [{ id }]);
    if (!answer?.ok) return;
    record.reservationChanged(id, entity, {
      start: sent.start,
      end: sent.end,
      value: { status: (answer.data as { status: string }).status },
    });
    record.expectedAudit.push(`cancel-reservation|${s.browser.email}|${id}|canceled`);
    return;
  }
  const notes = chance(0.7);
  const changes = notes
    ? { notes: `Load ${s.index}.${++s.edits}: ${pick(NOTES)}` }
    : { party_size: 1 + Math.floor(Math.random() * 6) };
  const { answer, record: sent } = await s.browser.action(`/reservations/${id}`, 'updateReservation', [
    { id, changes },
  ]);
  if (!answer?.ok) return;
  const data = answer.data as { notes: string | null; party_size: number | null };
  const value = notes ? { notes: data.notes } : { party_size: data.party_size };
  record.reservationChanged(id, entity, { start: sent.start, end: sent.end, value });
  record.expectedAudit.push(`update-reservation|${s.browser.email}|${id}|${canonical(value)}`);
}

/** One or two seat moves on the grid as loaded, as a staff member drags them. */
function planMoves(rows: GridRow[]): Change[] | null {
  const editable = rows.filter(
    (r) => r.status === 'active' && !r.inconsistent && Object.values(r.cells).some((c) => c.editable),
  );
  const changes: Change[] = [];
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
  const { record } = s.world;
  const html = await open(s, '/allocations', '/allocations');
  if (!html || s.member.role === 'viewer' || !chance(0.5)) return;
  const flight = flightOf(html);
  // The packed grid (PackedGrid starts with its entity ids; the page's messages have a "grid" too).
  const packed = jsonProp(flight, 'grid', '{"entityIds":') as PackedGrid | undefined;
  // A page that says why it has no grid (the budget is spent: try again in N s) is recorded as such.
  if (!packed && html.includes('data-testid="error-state"')) return;
  if (!packed) throw new Error('The allocations page carries no grid rows.');
  const grid = unpackGrid(packed);
  record.gridLoads.parsed++;
  if (grid.some((r) => r.inconsistent)) record.gridLoads.withInconsistentRows++;
  const changes = planMoves(grid);
  if (!changes || !(await think(s))) return;
  const { answer, record: sent } = await s.browser.action('/allocations', 'applyAllocation', [{ changes }]);
  const outcome = answer?.ok ? (answer.data as { status: 'applied' | 'conflict' | 'failed' }).status : null;
  if (outcome === 'conflict') sent.outcome = 'conflict';
  if (outcome === 'failed') {
    sent.outcome = 'failed';
    for (const c of changes) record.uncertainCells.add(cellKey(c.commitmentId, c.entityId));
  }
  if (outcome === 'applied') {
    record.appliedChanges.push({ start: sent.start, end: sent.end, changes });
    const after = changes.map((c) => ({ commitmentId: c.commitmentId, entityId: c.entityId, seats: c.after }));
    record.expectedAudit.push(`apply-allocation|${s.browser.email}|${canonical(sortCells(after))}`);
  }
  // The grid reads its rows again behind an answered apply, as the browser's does (a page view).
  if (outcome === 'applied' || outcome === 'failed') await open(s, '/allocations', '/allocations');
  // The grid names the conflict; the staff member reloads to see the current values.
  if (outcome === 'conflict' && (await think(s))) await open(s, '/allocations', '/allocations');
}

async function entityPages(s: Session): Promise<void> {
  const { record, entities, suspendedEntityIds } = s.world;
  const html = await open(s, '/entities', '/entities');
  const ids = html ? uuidLinks(html, '/entities') : [];
  if (!ids.length || !(await think(s))) return;
  const id = pick(ids);
  const page = await open(s, `/entities/${id}`, '/entities/[id]');
  const entity = entities.find((e) => e.id === id);
  if (!page || !entity || s.member.role !== 'admin' || suspendedEntityIds.has(id) || !chance(0.5) || !(await think(s)))
    return;
  const name = `${entity.name} · ${s.index}.${++s.edits}`;
  const input = { id, name, default_locale: entity.default_locale, default_program_id: '' };
  const { answer, record: sent } = await s.browser.action(`/entities/${id}`, 'updateEntity', [input]);
  if (!answer?.ok) return;
  record.entityRenamed(id, { start: sent.start, end: sent.end, value: name });
  record.expectedAudit.push(`update-entity|${s.browser.email}|${id}|${name}`);
}

async function switchEntity(s: Session): Promise<void> {
  const choices = s.world.entities.filter((e) => e.id !== s.entity.id && !s.world.suspendedEntityIds.has(e.id));
  const next = pick(choices);
  const { answer } = await s.browser.action(s.at, 'selectEntity', [{ id: next.id }]);
  if (answer?.ok) s.entity = { id: next.id, org_id: next.org_id };
  if (await think(s)) await open(s, `/reservations${pick(SEARCHES).query()}`, '/reservations');
}

export const TASKS = { browse, reservations, allocations, entities: entityPages, switch: switchEntity };
