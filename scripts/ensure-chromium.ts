/**
 * e2e runs in Debian's Chromium headless shell (e2e/chromium.ts). Installs it when missing and
 * we are root; otherwise, or when the install fails, e2e runs in Debian's Chromium if it is
 * there, and this stops with one line saying what to install if neither is.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

import { e2eBrowserPath, HEADLESS_SHELL_PATH } from '../e2e/chromium';

/** `tsx scripts/ensure-chromium.ts`: the first step of `npm run test:e2e`. */
export function ensureChromium(): string {
  if (!process.env.CHROMIUM_PATH && !existsSync(HEADLESS_SHELL_PATH) && process.getuid?.() === 0) {
    console.log("e2e's browser is missing: installing Debian's chromium-headless-shell package (apt-get) …");
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
      execFileSync('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell'], {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    } catch {
      console.log('The install failed: e2e runs in Chromium if it is there.');
    }
  }
  const browser = e2eBrowserPath();
  if (existsSync(browser)) return browser;
  console.error(
    `e2e needs Chromium: run \`sudo apt-get install -y chromium-headless-shell\` (or set CHROMIUM_PATH to a Chromium).`,
  );
  process.exit(1);
}

if (import.meta.filename === process.argv[1]) ensureChromium();
