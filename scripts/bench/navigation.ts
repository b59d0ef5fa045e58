/**
 * Clicks through the console as staff do, measured from outside in Chromium: for each page
 * reachable from the sidebar (and a delegate, an entity, a venue and a reservation, opened from a
 * row of their list), the time from the click to the first change in the page's main area and to
 * its content, on a desktop and on a phone-like profile, with the sandbox answering after 250 ms
 * as the real API would; and the API requests each page view sent (the sandbox's request log).
 *
 * "First change": a MutationObserver on the document, installed before the click, records the
 * first mutation inside `<main>` (or replacing it) that adds, removes or changes something
 * visible, leaving out nodes that changed on their own in the second before the click (a clock, a
 * live figure); the first mutation inside the link clicked (its pending hint) is recorded apart.
 * "Content": the page's own selector (one only the loaded page has) visible, the address the
 * page's, and no element with aria-busy="true" or a `page-skeleton` left in main.
 */
import type { BrowserContext, Locator, Page } from '@playwright/test';

import { sandboxControls } from '../../lib/sandbox/control-client';
import { quantile, round } from '../stats';
import { NAV_PAGES, ROW, type NavPage } from './navigation-pages';
import { launchBrowser, signIn } from './pages';
import { requestMark, sandboxLog } from './sandbox-log';

export const LATENCY_MS = 250;
export const TARGETS = { desktop_first_change_ms: 100, phone_first_change_ms: 200, desktop_content_ms: 450 };

export type Profile = 'desktop' | 'phone';

/** How long the observers watch the page before the click, to leave out what changes on its own. */
const TICKER_WINDOW_MS = 1_000;

export interface NavigationOptions {
  base: string;
  sandboxUrl: string;
  rounds: number;
  /** page names to measure (all when empty) */
  pages: string[];
  profiles: Profile[];
  log?: (line: string) => void;
}

interface Sample {
  first_change_ms: number;
  /** the mutation counted as the first change (its type and target), to tell what answered the click */
  first_change: string | null;
  content_ms: number;
  indicator_ms: number | null;
  api_requests: number;
}

export interface NavigationPageFigures {
  page: string;
  /** medians of the rounds (null when no round measured it) */
  first_change_ms: number | null;
  content_ms: number | null;
  indicator_ms: number | null;
  api_requests_per_view: number | null;
  samples: Sample[];
  failures: string[];
}

export interface NavigationFigures {
  measured_at: string;
  latency_ms: number;
  rounds: number;
  targets: typeof TARGETS;
  profiles: Partial<Record<Profile, { description: string; pages: NavigationPageFigures[] }>>;
}

const PROFILES: Record<Profile, string> = {
  desktop: '1440 × 900, no throttling',
  phone:
    '390 × 844 touch screen, CPU slowed 4× (Emulation.setCPUThrottlingRate), 150 ms round trip, 1.6 Mbit/s down and 750 kbit/s up (Network.emulateNetworkConditions); the sidebar opened from the menu button first',
};

/** A context of the profile, signed in as the demo admin, throttled once signed in. */
async function profilePage(
  browser: Awaited<ReturnType<typeof launchBrowser>>,
  profile: Profile,
  base: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context =
    profile === 'desktop'
      ? await browser.newContext({ viewport: { width: 1440, height: 900 } })
      : await browser.newContext({
          viewport: { width: 390, height: 844 },
          deviceScaleFactor: 2,
          isMobile: true,
          hasTouch: true,
        });
  // tsx names the functions it compiles with a helper (`__name`) that the page does not have.
  await context.addInitScript('globalThis.__name = (fn) => fn;');
  const page = await context.newPage();
  await signIn(page, base);
  if (profile === 'phone') {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
  }
  return { context, page };
}

/** Resolves once nothing in main changed for `quietMs` (at most `capMs`): the page done streaming and hydrating. */
const settle = (page: Page, quietMs = 500, capMs = 8_000) =>
  page.evaluate(
    ([quiet, cap]) =>
      new Promise<void>((resolve) => {
        const target = document.querySelector('main') ?? document.body;
        let timer: ReturnType<typeof setTimeout>;
        const done = () => {
          observer.disconnect();
          clearTimeout(timer);
          clearTimeout(limit);
          resolve();
        };
        const observer = new MutationObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(done, quiet);
        });
        observer.observe(target, { subtree: true, childList: true, attributes: true, characterData: true });
        timer = setTimeout(done, quiet);
        const limit = setTimeout(done, cap);
      }),
    [quietMs, capMs] as const,
  );

/** Loads `href` in full and waits for its content and for it to settle. */
async function load(page: Page, base: string, href: string, ready: string): Promise<void> {
  await page.goto(`${base}${href}`);
  await page.locator(ready).first().waitFor({ timeout: 60_000 });
  await settle(page);
}

/**
 * Installs the observers on the page (the link `link` about to be clicked): the click's time, the
 * first change in main, the first change in the link, and the moment the content is there.
 */
function instrument(link: Locator, target: NavPage): Promise<void> {
  return link.evaluate(
    (el, { ready, path }) => {
      const w = {
        t0: null as number | null,
        change: null as number | null,
        indicator: null as number | null,
        content: null as number | null,
        what: null as string | null,
      };
      (window as unknown as { __nav: typeof w }).__nav = w;
      const re = new RegExp(path);
      const shown = (e: Element) =>
        e.getBoundingClientRect().height > 0 &&
        (e.checkVisibility?.({ opacityProperty: true, visibilityProperty: true }) ?? true);
      const loaded = () =>
        re.test(location.pathname) &&
        [...document.querySelectorAll(ready)].some(shown) &&
        !document.querySelector('main[aria-busy="true"], main [aria-busy="true"], [data-testid="page-skeleton"]');
      const invisible = new Set(['SCRIPT', 'TEMPLATE', 'STYLE', 'LINK', 'META', 'NOSCRIPT']);
      const meaningful = (n: Node) =>
        n.nodeType === Node.ELEMENT_NODE
          ? !invisible.has(n.nodeName)
          : n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '';
      const holdsMain = (n: Node) =>
        n.nodeType === Node.ELEMENT_NODE && ((n as Element).matches('main') || !!(n as Element).querySelector('main'));
      const inMain = (n: Node) =>
        !!(n.nodeType === Node.ELEMENT_NODE ? (n as Element) : n.parentElement)?.closest('main');
      // What only assistive technology or focus sees (a menu closing hides and shows the page so).
      const unseen = (attribute: string | null) =>
        !!attribute &&
        attribute !== 'aria-busy' &&
        (attribute.startsWith('aria-') || ['inert', 'data-aria-hidden', 'tabindex'].includes(attribute));
      const visibleChange = (m: MutationRecord) => {
        const nodes = [...m.addedNodes, ...m.removedNodes];
        if (m.type === 'childList' && !nodes.some(meaningful)) return false;
        if (m.type === 'attributes' && unseen(m.attributeName)) return false;
        return inMain(m.target) || nodes.some(holdsMain);
      };
      const check = () => {
        if (w.t0 !== null && w.content === null && loaded()) w.content = performance.now();
      };
      // What keeps changing on its own before the click (a clock, a live figure) is no answer to it.
      const ticking = new WeakSet<Node>();
      const observer = new MutationObserver((list) => {
        const now = performance.now();
        if (w.t0 === null) {
          for (const m of list) ticking.add(m.target);
          return;
        }
        const first = w.change === null ? list.find((m) => !ticking.has(m.target) && visibleChange(m)) : undefined;
        if (first) {
          w.change = now;
          const t = first.target as Element;
          const node = t.nodeType === Node.ELEMENT_NODE ? t : t.parentElement;
          const name = node
            ? `${node.nodeName.toLowerCase()}${node.id ? `#${node.id}` : ''}${node.getAttribute('data-testid') ? `[data-testid=${node.getAttribute('data-testid')}]` : ''}`
            : '?';
          w.what = `${first.type}${first.attributeName ? ` ${first.attributeName}` : ''} on ${name}`;
        }
        if (w.indicator === null && list.some((m) => el.contains(m.target))) w.indicator = now;
        check();
        if (w.content !== null) observer.disconnect();
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
      const frame = () => {
        check();
        if (w.content === null) requestAnimationFrame(frame);
      };
      addEventListener(
        'click',
        (e) => {
          w.t0 = e.timeStamp;
          requestAnimationFrame(frame);
        },
        { capture: true, once: true },
      );
    },
    { ready: target.ready, path: target.path.source },
  );
}

/** The link that opens `target` from where the page is (menus opened first). */
async function linkTo(page: Page, target: NavPage, profile: Profile): Promise<Locator> {
  if (target.via.kind === 'row') return page.locator(ROW(target.via.list)).first();
  if (target.via.kind === 'account-menu') {
    await page.getByTestId('account-menu-button').click();
    return page.locator('[data-testid="account-menu"] a[href="/account"]');
  }
  if (profile === 'desktop') return page.locator(`aside nav a[href="${target.href}"]`);
  await page.getByTestId('mobile-menu-button').click();
  return page.locator(`[data-testid="mobile-nav"] a[href="${target.href}"]`);
}

/** Brings the page to where `target` is clicked from: its list for a detail page, any other console page else. */
async function startFor(page: Page, base: string, target: NavPage): Promise<void> {
  const at = new URL(page.url()).pathname;
  if (target.via.kind === 'row') {
    const list = NAV_PAGES.find((p) => p.href === (target.via as { list: string }).list)!;
    if (at !== list.href) await load(page, base, list.href!, list.ready);
    return;
  }
  if (target.path.test(at) || at === '/account') {
    const from = NAV_PAGES.find((p) => p.via.kind === 'sidebar' && p !== target && p.name !== 'overview')!;
    await load(page, base, from.href!, from.ready);
  }
}

/** One click to `target`, measured; the API requests of the view counted once it is quiet. */
async function click(page: Page, sandboxUrl: string, target: NavPage, profile: Profile): Promise<Sample> {
  const link = await linkTo(page, target, profile);
  await link.waitFor({ state: 'visible' });
  await settle(page, 300, 3_000);
  await instrument(link, target);
  // A second for the observer to learn what changes on its own (TICKER_WINDOW_MS).
  await page.waitForTimeout(TICKER_WINDOW_MS);
  const mark = await requestMark(sandboxUrl);
  await link.click();
  await page.waitForFunction(
    () => (window as unknown as { __nav?: { content: number | null } }).__nav?.content != null,
    undefined,
    { timeout: 60_000, polling: 100 },
  );
  const w = await page.evaluate(
    () =>
      (
        window as unknown as {
          __nav: { t0: number; change: number | null; indicator: number | null; content: number; what: string | null };
        }
      ).__nav,
  );
  await settle(page, 1_000, 10_000);
  const sent = await sandboxLog(sandboxUrl, mark);
  const since = (t: number | null) => (t === null ? null : round(t - w.t0));
  return {
    first_change_ms: since(w.change ?? w.content)!,
    first_change: w.what,
    content_ms: since(w.content)!,
    indicator_ms: since(w.indicator),
    api_requests: sent.filter((e) => e.path.startsWith('/v2/')).length,
  };
}

const medianOf = (xs: number[]) => (xs.length ? round(quantile(xs, 0.5)) : null);

/** Every profile's rounds of clicks, with the sandbox answering after LATENCY_MS. */
export async function navigationFigures(o: NavigationOptions): Promise<NavigationFigures> {
  const log = o.log ?? console.log;
  const chosen = o.pages.length ? NAV_PAGES.filter((p) => o.pages.includes(p.name)) : NAV_PAGES;
  const unknown = o.pages.filter((n) => !NAV_PAGES.some((p) => p.name === n));
  if (unknown.length)
    throw new Error(`unknown page ${unknown.join(', ')}: choose from ${NAV_PAGES.map((p) => p.name).join(', ')}`);
  const controls = sandboxControls(o.sandboxUrl);
  const browser = await launchBrowser();
  const profiles: NavigationFigures['profiles'] = {};
  try {
    for (const profile of o.profiles) {
      const { context, page } = await profilePage(browser, profile, o.base);
      await controls.setFaults({ latency_ms: LATENCY_MS });
      const samples = new Map<string, Sample[]>(chosen.map((p) => [p.name, []]));
      const failures = new Map<string, string[]>(chosen.map((p) => [p.name, []]));
      try {
        for (let r = 1; r <= o.rounds; r++) {
          log(`  ${profile}, round ${r} of ${o.rounds}`);
          for (const target of chosen) {
            try {
              await startFor(page, o.base, target);
              const s = await click(page, o.sandboxUrl, target, profile);
              samples.get(target.name)!.push(s);
              log(
                `    ${target.name}: first change ${s.first_change_ms} ms (${s.first_change}), content ${s.content_ms} ms` +
                  `${s.indicator_ms === null ? '' : `, link's pending hint ${s.indicator_ms} ms`}, ${s.api_requests} API requests`,
              );
            } catch (e) {
              const message = (e instanceof Error ? e.message : String(e)).split('\n')[0]!;
              failures.get(target.name)!.push(`round ${r}: ${message}`);
              log(`    ${target.name}: failed (${message})`);
              await page.goto(`${o.base}/activity`).catch(() => {});
            }
          }
        }
      } finally {
        await controls.clearFaults();
        await context.close();
      }
      profiles[profile] = {
        description: PROFILES[profile],
        pages: chosen.map((p) => {
          const of = samples.get(p.name)!;
          const indicators = of.flatMap((s) => (s.indicator_ms === null ? [] : [s.indicator_ms]));
          return {
            page: p.name,
            first_change_ms: medianOf(of.map((s) => s.first_change_ms)),
            content_ms: medianOf(of.map((s) => s.content_ms)),
            indicator_ms: medianOf(indicators),
            api_requests_per_view: medianOf(of.map((s) => s.api_requests)),
            samples: of,
            failures: failures.get(p.name)!,
          };
        }),
      };
    }
  } finally {
    await browser.close();
  }
  return {
    measured_at: new Date().toISOString(),
    latency_ms: LATENCY_MS,
    rounds: o.rounds,
    targets: TARGETS,
    profiles,
  };
}

/** The navigation table of docs/performance.md. */
export function navigationTable(f: NavigationFigures, command: string, machine: string): string[] {
  const desktop = f.profiles.desktop?.pages ?? [];
  const phone = f.profiles.phone?.pages ?? [];
  const names = [...new Set([...desktop, ...phone].map((p) => p.page))];
  const ms = (v: number | null | undefined, target?: number) =>
    v === null || v === undefined ? '–' : `${v} ms${target !== undefined && v > target ? ' ✗' : ''}`;
  const t = f.targets;
  return [
    `Clicks through the console, measured ${f.measured_at.slice(0, 16).replace('T', ' ')} UTC with \`${command}\` on ${machine}: the sandbox answering every API request after ${f.latency_ms} ms, signed in as the demo admin, median of ${f.rounds} round${f.rounds === 1 ? '' : 's'}. ` +
      `Desktop: ${PROFILES.desktop}. Phone: ${PROFILES.phone}. First change: the click to the first visible change in \`<main>\`; content: to the page's own content visible with nothing in main \`aria-busy\`. ✗ marks a miss of the target.`,
    '',
    `| page | desktop first change (≤ ${t.desktop_first_change_ms} ms) | desktop content (≤ ${t.desktop_content_ms} ms) | phone first change (≤ ${t.phone_first_change_ms} ms) | phone content | API requests per view |`,
    '|---|---|---|---|---|---|',
    ...names.map((name) => {
      const d = desktop.find((p) => p.page === name);
      const p = phone.find((x) => x.page === name);
      const failed = [...(d?.failures ?? []), ...(p?.failures ?? [])].length;
      return (
        `| ${name}${failed ? ` (${failed} click${failed === 1 ? '' : 's'} failed)` : ''} | ${ms(d?.first_change_ms, t.desktop_first_change_ms)} | ${ms(d?.content_ms, t.desktop_content_ms)} | ` +
        `${ms(p?.first_change_ms, t.phone_first_change_ms)} | ${ms(p?.content_ms)} | ${d?.api_requests_per_view ?? p?.api_requests_per_view ?? '–'} |`
      );
    }),
  ];
}
