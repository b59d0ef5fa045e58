/**
 * The browser receives only the catalogs of the route it shows (components/i18n/client-messages.tsx,
 * each route's layout.tsx): a client component that says something from another namespace would
 * show its key. This finds each client component's namespaces and the route layout above it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const EVERYWHERE = ['common', 'ui', 'shell'];

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    // scripts/lint.test.ts writes its fixtures in the tree while other files run
    e.name.startsWith('lint-fixture-')
      ? []
      : e.isDirectory()
        ? files(path.join(dir, e.name))
        : /\.tsx?$/.test(e.name)
          ? [path.join(dir, e.name)]
          : [],
  );
}

const namespacesUsed = (source: string) =>
  [...source.matchAll(/useTranslations(?:<[^>]*>)?\('([a-zA-Z]+)/g)].map((m) => m[1]!);

/** The namespaces the nearest route layout sends, from the file's folder up to app/. */
function sentAbove(file: string): string[] {
  for (let dir = path.dirname(file); dir.startsWith('app'); dir = path.dirname(dir)) {
    const layout = path.join(dir, 'layout.tsx');
    if (!existsSync(layout)) continue;
    const m = /<ClientMessages namespaces=\{\[([^\]]*)\]\}/.exec(readFileSync(layout, 'utf8'));
    if (m) return [...m[1]!.matchAll(/'([a-zA-Z]+)'/g)].map((x) => x[1]!);
  }
  return [];
}

/**
 * Shared components that belong to one route (the guests' are a reservation's and the booking
 * flow's: both send `guests`; the notification choices are the account page's and the Team
 * page's: both send `notificationPreferences`).
 */
const ROUTE_OF: Record<string, string> = {
  'components/overview': 'app/(console)/(overview)/page.tsx',
  'components/guests': 'app/(console)/reservations/[id]/page.tsx',
  'components/notifications': 'app/account/page.tsx',
};

describe('the catalogs sent to the browser', () => {
  it('hold every namespace a client component uses', () => {
    const missing: string[] = [];
    for (const file of [...files('app'), ...files('components')]) {
      const source = readFileSync(file, 'utf8');
      if (!/^['"]use client['"]/m.test(source)) continue;
      const owner = Object.entries(ROUTE_OF).find(([dir]) => file.startsWith(dir))?.[1] ?? file;
      const sent = [...EVERYWHERE, ...(owner.startsWith('app') ? sentAbove(owner) : [])];
      for (const ns of namespacesUsed(source)) if (!sent.includes(ns)) missing.push(`${file}: ${ns}`);
    }
    expect(missing).toEqual([]);
  });
});
