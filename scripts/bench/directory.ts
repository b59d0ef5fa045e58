/**
 * What the directory's pages cost the API once the dashboard keeps its copy: two members (an
 * admin and an operator) open the directory and the grid (identity, delegates, entities, venues,
 * markets, an entity's and a venue's page, allocations) for a stretch of time, and the sandbox's
 * request log counts the API requests sent meanwhile (every one: the pages', and the background
 * sync's). The first pass over every page (the copy filled from an empty database) is counted
 * apart from the stretch that follows.
 */
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../lib/server/auth/demo-accounts';
import { type ActionIds } from '../load/actions';
import { StaffBrowser } from '../load/browser';
import { RunRecord } from '../load/record';
import { countBy, foldIds, round } from '../stats';
import { requestMark, sandboxLog } from './sandbox-log';

const PAGES = ['/identity', '/delegates', '/entities', '/venues', '/markets', '/allocations'] as const;
/** A list page and the detail pages its links lead to. */
const DETAILS: Record<string, string> = { '/entities': '/entities', '/venues': '/venues', '/delegates': '/delegates' };

export interface DirectoryFigures {
  members: number;
  first_pass: { views: number; api_requests: number; per_view: number };
  stretch: { seconds: number; views: number; api_requests: number; per_view: number; by_path: Record<string, number> };
}

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The API requests (not the token service's) logged since `mark`, by path with ids folded. */
async function apiRequestsSince(sandboxUrl: string, mark: number) {
  const entries = (await sandboxLog(sandboxUrl, mark)).filter((e) => e.path.startsWith('/v2/'));
  return { count: entries.length, byPath: countBy(entries, (e) => `${e.method} ${foldIds(e.path)}`) };
}

async function view(member: StaffBrowser, links: Map<string, string[]>, path: string): Promise<void> {
  const html = await member.page(path, foldIds(path));
  const detail = DETAILS[path];
  if (html && detail)
    links.set(detail, [
      ...new Set([...html.matchAll(new RegExp(`href="${detail}/([0-9a-f-]{36})"`, 'g'))].map((m) => m[1]!)),
    ]);
}

export async function directoryFigures(o: {
  base: string;
  sandboxUrl: string;
  actionIds: ActionIds;
  seconds: number;
}): Promise<DirectoryFigures> {
  const record = new RunRecord();
  const members = DEMO_ACCOUNTS.filter((a) => a.role !== 'viewer').map(
    (a) => new StaffBrowser(a.email, o.base, record, o.actionIds),
  );
  for (const m of members) await m.signIn(DEMO_PASSWORD);
  const links = new Map<string, string[]>();

  // Every page once, by both members: the copy is filled as the pages first read it.
  let mark = await requestMark(o.sandboxUrl);
  let views = 0;
  for (const m of members)
    for (const path of PAGES) {
      await view(m, links, path);
      views++;
    }
  const first = await apiRequestsSince(o.sandboxUrl, mark);

  // Then the stretch: each member a page every 0.5–1.5 s, a detail page after a list now and then.
  mark = await requestMark(o.sandboxUrl);
  const deadline = Date.now() + o.seconds * 1000;
  let stretchViews = 0;
  await Promise.all(
    members.map(async (m) => {
      while (Date.now() < deadline) {
        const list = pick(PAGES);
        const ids = links.get(DETAILS[list] ?? '') ?? [];
        await view(m, links, ids.length && Math.random() < 0.5 ? `${DETAILS[list]}/${pick(ids)}` : list);
        stretchViews++;
        await sleep(500 + Math.random() * 1000);
      }
    }),
  );
  const stretch = await apiRequestsSince(o.sandboxUrl, mark);
  return {
    members: members.length,
    first_pass: { views, api_requests: first.count, per_view: round(first.count / views, 2) },
    stretch: {
      seconds: o.seconds,
      views: stretchViews,
      api_requests: stretch.count,
      per_view: round(stretch.count / Math.max(1, stretchViews), 2),
      by_path: stretch.byPath,
    },
  };
}
