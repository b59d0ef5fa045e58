/**
 * e2e runs in Debian's Chromium. Installs it when missing and we are root; otherwise stops
 * with one line saying what to install.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

import { CHROMIUM_PATH } from '../e2e/chromium';

/** `tsx scripts/ensure-chromium.ts`: the first step of `npm run test:e2e`. */
export function ensureChromium(): string {
  const executable = CHROMIUM_PATH;
  if (existsSync(executable)) return executable;
  if (process.getuid?.() === 0 && !process.env.CHROMIUM_PATH) {
    console.log("Chromium is missing: installing Debian's chromium package (apt-get) …");
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (existsSync(executable)) return executable;
  }
  console.error(
    `e2e needs Chromium at ${executable}: run \`sudo apt-get install -y chromium\` (or set CHROMIUM_PATH).`,
  );
  process.exit(1);
}

if (import.meta.filename === process.argv[1]) ensureChromium();
