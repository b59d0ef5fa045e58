import { existsSync } from 'node:fs';

/** Debian's Chromium: Playwright cannot download its own browser on these machines. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's `chromium-headless-shell` package: the same Blink and V8 without the browser's UI. */
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/**
 * The browser of the e2e tests: `CHROMIUM_PATH` when set, else the headless shell, which is
 * what Playwright runs headless tests in when it downloads its own browsers; Chromium when the
 * shell is missing. On 2 cores the whole suite ran in 15.9 min in the shell against 20.4 in
 * Chromium, its browser processes using 2.6 times less CPU. The bench's page loads and
 * Lighthouse stay on Chromium: they measure what a member's browser does.
 */
export const e2eBrowserPath = () =>
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);

/** Headless, as root in CI, with no GPU and none of the browser's own background traffic. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
