/**
 * The allocation grid on a world of 2,000 commitments × 25 entities (its own sandbox and
 * dashboard): page load, API requests per view, and the INP of a keyboard and a drag step.
 */
import type { Browser } from '@playwright/test';

import { partnerClient } from '../partner-client';
import { serveBuild } from '../processes';
import { spread } from '../stats';
import { PORT, SANDBOX_PORT } from './options';
import { firstView, GRID_READY, gridInteractions, measureViews, signIn, viewsAfter } from './pages';

export type GridAtScale = Awaited<ReturnType<typeof gridAtScale>>;

/** A venue of the partner's, read from the API as the dashboard's credentials. */
async function firstVenueId(sandboxUrl: string): Promise<string> {
  return (await partnerClient(sandboxUrl).listVenues({ limit: 1 })).data[0]!.id;
}

const viewsLine = (label: string, f: ReturnType<typeof firstView>, a: ReturnType<typeof viewsAfter>) =>
  `  ${label}: first view LCP ${f.lcp_ms} ms, content ${f.content_ms} ms, ${f.api_requests} API requests; ` +
  `views after it LCP ${a.lcp_ms.median}/${a.lcp_ms.p95} ms, content ${a.content_ms.median}/${a.content_ms.p95} ms, ${a.api_requests} API requests`;

export async function gridAtScale(browser: Browser, o: { runs: number; interactions: number }) {
  const port = PORT + 1;
  const sandboxPort = SANDBOX_PORT + 1;
  const base = `http://127.0.0.1:${port}`;
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  console.log('\n━━ allocation grid, 2,000 commitments × 25 entities');
  const serve = await serveBuild({
    name: 'bench-grid',
    port,
    sandboxPort,
    dataDir: '.data/bench/grid-dashboard',
    env: { SANDBOX_GRID: '2000x25' },
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, base);
    // One venue first, as the first view after the server starts (its reads carry venue_id); then
    // all venues, on a warm server with none of the other venues' rows read yet.
    const venue = await measureViews(
      page,
      `${base}/allocations?venue=${await firstVenueId(sandboxUrl)}`,
      GRID_READY,
      sandboxUrl,
      o.runs,
    );
    const venueRows = await page.getByTestId('allocation-count').textContent();
    const views = await measureViews(page, `${base}/allocations`, GRID_READY, sandboxUrl, o.runs);
    const { keyboard, drag } = await gridInteractions(page, o.interactions);
    const result = {
      commitments: 2000,
      entities: 25,
      first_view: firstView(views),
      views_after: viewsAfter(views),
      one_venue: { rows: venueRows, first_view: firstView(venue), views_after: viewsAfter(venue) },
      repeated_requests: [...new Set([...views.repeated, ...venue.repeated])],
      keyboard_step_inp_ms: spread(keyboard),
      drag_step_inp_ms: spread(drag),
    };
    console.log(
      viewsLine(
        `one venue (${result.one_venue.rows}), first after the server starts`,
        result.one_venue.first_view,
        result.one_venue.views_after,
      ),
    );
    console.log(viewsLine('all venues, next', result.first_view, result.views_after));
    const repeated = result.repeated_requests.length
      ? `repeated: ${result.repeated_requests.join('; ')}`
      : 'no request repeated within a view';
    const { keyboard_step_inp_ms: key, drag_step_inp_ms: dragged } = result;
    console.log(`  ${repeated}; INP key ${key.median}/${key.p95} ms, drag ${dragged.median}/${dragged.p95} ms`);
    await context.close();
    return result;
  } finally {
    await serve.stop();
  }
}
