import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import { DEMO_PARTNER } from '../lib/sandbox/seed/demo';
import { STORAGE } from './env';
import { leaksIn } from './leaks';
import { expect, test } from './test';

test.use({ storageState: STORAGE.admin });

test('no client secret or access token reaches the browser', async ({ page }) => {
  const received: { url: string; body: string }[] = [];
  page.on('response', async (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (!/html|javascript|json|text|x-component/.test(type)) return;
    received.push({ url: response.url(), body: await response.text().catch(() => '') });
  });
  for (const p of ['/', '/login', '/identity']) {
    await page.goto(p);
    await page.waitForLoadState('networkidle');
  }
  await expect(page.getByTestId('identity-name')).toHaveText(DEMO_PARTNER.name);
  // The page really did load scripts and HTML, so the scan below looked at something.
  expect(received.filter((r) => r.url.includes('/_next/static/') && r.url.endsWith('.js')).length).toBeGreaterThan(0);
  expect(
    received.some(
      (r) => r.body.includes(DEMO_PARTNER.name) || r.body.includes(DEMO_PARTNER.name.replace('&', '&amp;')),
    ),
  ).toBe(true);
  for (const r of received) expect.soft(leaksIn(r.body), r.url).toEqual([]);
});

test('no client bundle of the build contains the client secret or a token', () => {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(js|css|html|json)$/.test(name)) files.push(full);
    }
  };
  walk(path.join('.next', 'static'));
  expect(files.length).toBeGreaterThan(5);
  for (const f of files) expect.soft(leaksIn(readFileSync(f, 'utf8')), f).toEqual([]);
});
