/**
 * A bare Next.js page for Lighthouse to measure beside the console's: one App Router page with a
 * heading and a paragraph, built with this repository's own next, react and react-dom (its
 * node_modules linked in), so that a console page's blocking time can be read against what the
 * framework alone costs on the same machine in the same hour. Generated into .data/bench-bare
 * and built there once per Next.js version; never part of the product.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { NEXT_BIN, startProcess, type Started } from '../processes';

export const BARE_DIR = '.data/bench-bare';

const nextVersion = () =>
  (JSON.parse(readFileSync('node_modules/next/package.json', 'utf8')) as { version: string }).version;

const files = (root: string): Record<string, string> => ({
  'package.json': `${JSON.stringify({ name: 'bench-bare-next', private: true }, null, 2)}\n`,
  // The linked node_modules lies in the repository, outside this directory: Turbopack's root is the repository.
  'next.config.mjs': `export default { turbopack: { root: ${JSON.stringify(root)} }, outputFileTracingRoot: ${JSON.stringify(root)} };\n`,
  'app/layout.jsx': `export const metadata = { title: 'Bare Next.js page' };

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
`,
  'app/page.jsx': `export default function Page() {
  return (
    <main>
      <h1>A bare Next.js page</h1>
      <p>One heading and one paragraph, served by next start: what the framework alone costs a phone.</p>
    </main>
  );
}
`,
});

/** Writes the bare app and builds it, unless a build of this Next.js version is there. */
export async function buildBareNext(log: (line: string) => void = console.log): Promise<string> {
  const dir = path.resolve(BARE_DIR);
  const root = process.cwd();
  const stamp = path.join(dir, '.built-with');
  if (
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8') === nextVersion() &&
    existsSync(path.join(dir, '.next/BUILD_ID'))
  )
    return dir;
  log(`  building the bare Next.js page (next ${nextVersion()}) in ${BARE_DIR}`);
  rmSync(dir, { recursive: true, force: true });
  for (const [file, text] of Object.entries(files(root))) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  const code = await new Promise<number>((resolve) => {
    const child = spawn(process.execPath, [path.join(root, NEXT_BIN), 'build'], {
      cwd: dir,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (c) => {
      if (c !== 0) process.stderr.write(out);
      resolve(c ?? 1);
    });
  });
  if (code !== 0) throw new Error('the bare Next.js page did not build');
  writeFileSync(stamp, nextVersion());
  return dir;
}

/** `next start` of the bare page on `port`. */
export async function serveBareNext(port: number): Promise<Started> {
  const dir = await buildBareNext();
  return startProcess({
    name: 'bare-next',
    command: 'sh',
    args: [
      '-c',
      `cd ${JSON.stringify(dir)} && exec ${JSON.stringify(process.execPath)} ${JSON.stringify(path.resolve(NEXT_BIN))} start -p ${port} -H 127.0.0.1`,
    ],
    env: { NEXT_TELEMETRY_DISABLED: '1' },
    ready: /Ready in|started server|Local:/i,
    quiet: true,
    timeoutMs: 60_000,
  });
}
