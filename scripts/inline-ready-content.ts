/**
 * Run after every `npm install` / `npm ci` (package.json `postinstall`): makes the server renderer
 * that Next.js bundles send a page's ready content in place, instead of a loading skeleton first.
 *
 * Why: React 19.2's server renderer "outlines" any Suspense boundary of more than 500 bytes once
 * 12,800 bytes of the page have been written (its `progressiveChunkSize`), even when the content
 * is already rendered and nothing waits. The boundary's fallback goes in its place and the content
 * follows in a hidden `<div>`, swapped in by an inline script that React throttles to 300 ms after
 * the first paint (facebook/react#35460, vercel/next.js#91806). Every console page is such a
 * boundary (its `loading.tsx`) below a shell of more than 12.8 kB, so every full page load painted
 * the skeleton, then the content it already held 300 ms later; and without JavaScript, never.
 *
 * React's documented opt-out is `progressiveChunkSize: Infinity`; Next.js does not pass it on. This
 * sets that default in Next's bundled renderers. Content that really waits (an API read still in
 * flight) still streams in behind its skeleton. `e2e/loading-states.spec.ts` checks the effect on
 * the production build; this script says so, and `npm test` fails, when a new Next.js no longer
 * has the line it changes: then see whether Next passes the option itself and drop this file.
 *
 * Plain Node runs it (erasable TypeScript only, no dependency).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** React's default, minified (`this.progressiveChunkSize=void 0===n?12800:n`) or not. */
const DEFAULT = /(this\.progressiveChunkSize\s*=\s*void 0\s*===\s*([\w$]+)\s*\?\s*)12800(\s*:\s*\2)/g;
const PATCHED = /this\.progressiveChunkSize\s*=\s*void 0\s*===\s*([\w$]+)\s*\?\s*1\/0\s*:\s*\1/;

/** The renderer's source with the default set to Infinity; `changed` false when it was already. */
export function inlineReadyContent(source: string): { source: string; changed: boolean; found: boolean } {
  const patched = source.replace(DEFAULT, '$11/0$3');
  if (patched !== source) return { source: patched, changed: true, found: true };
  return { source, changed: false, found: PATCHED.test(source) };
}

/** Next's server runtimes that bundle React's renderer (app-page*.runtime.*.js). */
export function rendererFiles(nextDir: string): string[] {
  const dir = path.join(nextDir, 'dist/compiled/next-server');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => /^app-page.*\.runtime\.(prod|dev)\.js$/.test(f))
    .map((f) => path.join(dir, f));
}

/**
 * Patches every runtime (with `write: false`, only says which it would); the files whose default
 * it could not find (none when all is well).
 */
export function patchNext(nextDir: string, { write = true } = {}): { patched: string[]; missing: string[] } {
  const patched: string[] = [];
  const missing: string[] = [];
  for (const file of rendererFiles(nextDir)) {
    const result = inlineReadyContent(readFileSync(file, 'utf8'));
    if (!result.found) missing.push(file);
    else if (result.changed) {
      if (write) writeFileSync(file, result.source);
      patched.push(file);
    }
  }
  return { patched, missing };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const nextDir = path.resolve('node_modules/next');
  const files = rendererFiles(nextDir);
  const { patched, missing } = patchNext(nextDir);
  if (!files.length || missing.length) {
    // Not fatal here: `npm install` must still finish. The e2e check fails until this is looked at.
    console.warn(
      `inline-ready-content: React's progressiveChunkSize default was not found in ${
        files.length ? missing.map((f) => path.basename(f)).join(', ') : 'node_modules/next'
      }; ready page content will be sent behind a skeleton. See scripts/inline-ready-content.ts.`,
    );
  } else if (patched.length) {
    console.log(`inline-ready-content: ${patched.length} Next.js runtimes send ready content in place`);
  }
}
