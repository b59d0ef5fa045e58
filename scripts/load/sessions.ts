/** The team of a load run (created by the admin, as a real deployment's admin would) and its sessions. */
import { DEMO_PARTNER } from '../../lib/sandbox/seed/demo';
import { DEMO_PASSWORD } from '../../lib/server/auth/demo-accounts';
import { quantile, round } from '../stats';
import type { ActionIds } from './actions';
import { StaffBrowser } from './browser';
import { sleep, TASKS, think, type Member, type Role, type RunWorld, type Session } from './tasks';

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

/** `n` staff members: a tenth admins (at least one), a tenth viewers (from three on), the rest operators. */
export function teamOf(n: number): Member[] {
  const admins = Math.max(1, Math.round(n * 0.1));
  const viewers = n >= 3 ? Math.round(n * 0.1) : 0;
  return Array.from({ length: n }, (_, i) => {
    const role: Role = i < admins ? 'admin' : i < admins + viewers ? 'viewer' : 'operator';
    const label = String(i + 1).padStart(2, '0');
    return { email: `load-${label}.${role}@demo.test`, name: `Load ${role} ${label}`, role };
  });
}

export const ROLES = ['operator', 'admin', 'viewer'] as const;
export const countRoles = (team: readonly Member[]) =>
  Object.fromEntries(ROLES.map((r) => [r, team.filter((m) => m.role === r).length]));

/** The demo admin signs in and adds every member of `team` with `password` on the team page. */
export async function addTeam(
  world: RunWorld,
  base: string,
  actionIds: ActionIds,
  team: readonly Member[],
  password: string,
): Promise<void> {
  const admin = new StaffBrowser('admin@demo.test', base, world.record, actionIds);
  await admin.signIn(DEMO_PASSWORD);
  await admin.page('/team', '/team');
  for (const m of team) {
    const { answer } = await admin.action('/team', 'addStaffMember', [
      { email: m.email, name: m.name, role: m.role, password },
    ]);
    if (!answer?.ok) throw new Error(`adding ${m.email} failed: ${answer?.error ?? 'no answer'}`);
    world.record.expectedAudit.push(`add-staff-member|admin@demo.test|${m.email}`);
  }
}

/** One session for each member; session i uses bases[i % bases.length], all on the default entity. */
export function sessionsOf(
  world: RunWorld,
  team: readonly Member[],
  bases: readonly string[],
  actionIds: ActionIds,
  deadline: number,
): Session[] {
  const e = world.entities.find((x) => x.id === DEMO_PARTNER.defaultEntityId)!;
  return team.map((member, index) => ({
    world,
    browser: new StaffBrowser(member.email, bases[index % bases.length]!, world.record, actionIds),
    member,
    index: index + 1,
    deadline,
    entity: { id: e.id, org_id: e.org_id },
    at: '/',
    edits: 0,
  }));
}

/** Signs in after `rampMs`, then picks tasks by the member's role until the deadline. */
export async function runSession(s: Session, password: string, rampMs: number): Promise<void> {
  await sleep(rampMs);
  await s.browser.signIn(password);
  await work(s);
}

/** Picks tasks by the member's role until the session's deadline (the member signed in). */
export async function work(s: Session): Promise<void> {
  while (Date.now() < s.deadline) {
    await TASKS[pickTask(s.member.role)](s);
    if (!(await think(s))) break;
  }
}

/** A progress line, and the sessions waiting longest for an answer. */
export function progressLines(world: RunWorld, sessions: readonly Session[], runStart: number): string[] {
  const { pageViews, actions, serverErrors } = world.record;
  const p50 = round(
    quantile(
      pageViews.slice(-200).map((v) => v.ms),
      0.5,
    ),
  );
  const lines = [
    `  ${Math.round((Date.now() - runStart) / 1000)} s: ${pageViews.length} page views (recent p50 ${p50} ms), ${actions.length} actions, ${serverErrors.length} server errors`,
  ];
  const waiting = sessions.filter((s) => s.browser.inFlight && Date.now() - s.browser.inFlight.since > 10_000);
  for (const s of waiting.slice(0, 3))
    lines.push(
      `    session ${s.index} waits ${round((Date.now() - s.browser.inFlight!.since) / 1000)} s for ${s.browser.inFlight!.what}`,
    );
  return lines;
}
