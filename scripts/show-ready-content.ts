/**
 * Run after every `npm install` / `npm ci` (package.json `postinstall`): makes the React that
 * Next.js bundles show a page's content as soon as it is ready, instead of after a loading
 * skeleton it no longer needs.
 *
 * Three defaults of React 19.2 hold back content that is ready:
 *
 * - **Ready content outlined** (server). React's server renderer "outlines" any Suspense boundary
 *   of more than 500 bytes once 12,800 bytes of the page have been written (its
 *   `progressiveChunkSize`), even when the content is rendered and nothing waits: the fallback
 *   goes in its place and the content follows in a hidden `<div>`, swapped in by an inline script
 *   (facebook/react#35460, vercel/next.js#91806). Every console page is such a boundary (its
 *   `loading.tsx`) below a shell of more than 12.8 kB, so every full page load painted the
 *   skeleton first; and without JavaScript, only the skeleton. React's documented opt-out is
 *   `progressiveChunkSize: Infinity`, which Next.js does not pass on: this sets that default.
 * - **Streamed content revealed 300 ms after the first paint** (server). Content that did wait for
 *   the API streams in behind its skeleton, and the inline script that swaps it in (`$RC`) waits
 *   until 300 ms after the page's first paint, or the last swap, before showing it (its
 *   `FALLBACK_THROTTLE_MS`). This swaps it in when it arrives.
 * - **Content revealed 300 ms after its skeleton** (browser). After a click, React shows the next
 *   page's loading state, and when the page arrives it holds it back until 300 ms after that
 *   skeleton was shown (the same throttle in React DOM's client). With the API 250 ms away, every
 *   page appeared no sooner than 300 ms after its skeleton, and a page with sections of its own
 *   (the overview) 300 ms after each level: 600–900 ms. This shows it when it arrives.
 *
 * React's throttle keeps several boundaries that resolve within a few frames from popping in one
 * by one. The console's loading states have the shape of their content (no layout shift), so the
 * content is shown as it comes. Content that really waits still streams in behind its skeleton.
 *
 * `e2e/loading-states.spec.ts` checks the first on the production build, and the navigation bench
 * measures the others (docs/performance.md). This script warns, and `npm test` fails, when a new
 * React or Next.js no longer has a line it changes: then see whether there is an option for it, and
 * drop that patch.
 *
 * Plain Node runs it (erasable TypeScript only, no dependency).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface Patch {
  name: string;
  /** the files it applies to, relative to node_modules/next */
  files: RegExp;
  /** React's default (global: every occurrence), and what replaces it */
  from: RegExp;
  to: string;
  /** the changed line, to tell a patched file from one that lacks the line */
  done: RegExp;
}

const SERVER_RUNTIMES = /^dist\/compiled\/next-server\/app-page[\w-]*\.runtime\.(prod|dev)\.js$/;

export const PATCHES: readonly Patch[] = [
  {
    name: 'ready content in place (progressiveChunkSize)',
    files: SERVER_RUNTIMES,
    // minified `this.progressiveChunkSize=void 0===n?12800:n` or readable
    from: /(this\.progressiveChunkSize\s*=\s*void 0\s*===\s*([\w$]+)\s*\?\s*)12800(\s*:\s*\2)/g,
    to: '$11/0$3',
    done: /this\.progressiveChunkSize\s*=\s*void 0\s*===\s*([\w$]+)\s*\?\s*1\/0\s*:\s*\1/,
  },
  {
    name: 'streamed content shown when it arrives ($RC)',
    files: SERVER_RUNTIMES,
    // the inline script's delay: until 300 ms after the last paint or swap (held past 2.3 s when
    // it would fall between 2.0 and 2.3 s)
    from: /(setTimeout\(\$RV\.bind\(null,\$RB\),)2300>(\w)&&2E3<\2\?2300-\2:\$RT\+300-\2\)/g,
    to: '$10)',
    done: /setTimeout\(\$RV\.bind\(null,\$RB\),0\)/,
  },
  {
    name: 'a page shown when it arrives, not 300 ms after its skeleton (commit)',
    files: /^dist\/compiled\/react-dom(-experimental)?\/cjs\/react-dom-client\.production\.js$/,
    from: /(globalMostRecentFallbackTime \+ )300( - now\(\))/g,
    to: '$10$2',
    done: /globalMostRecentFallbackTime \+ 0 - now\(\)/,
  },
  {
    name: 'a page shown when it arrives, not 300 ms after its skeleton (ping)',
    files: /^dist\/compiled\/react-dom(-experimental)?\/cjs\/react-dom-client\.production\.js$/,
    from: /\b300( > now\(\) - globalMostRecentFallbackTime\))/g,
    to: '0$1',
    done: /\b0 > now\(\) - globalMostRecentFallbackTime\)/,
  },
  {
    name: 'a page shown when it arrives, not 300 ms after its skeleton (development)',
    files: /^dist\/compiled\/react-dom(-experimental)?\/cjs\/react-dom-client\.development\.js$/,
    from: /(\bFALLBACK_THROTTLE_MS = )300\b/g,
    to: '$10',
    done: /\bFALLBACK_THROTTLE_MS = 0\b/,
  },
];

/** The source with the patch applied; `found` false when neither React's line nor the patched one is there. */
export function applyPatch(source: string, patch: Patch): { source: string; changed: boolean; found: boolean } {
  const patched = source.replace(patch.from, patch.to);
  if (patched !== source) return { source: patched, changed: true, found: true };
  return { source, changed: false, found: patch.done.test(source) };
}

/** The files under `nextDir` each patch applies to (relative paths). */
export function targetFiles(nextDir: string): Map<string, Patch[]> {
  const dirs = [
    'dist/compiled/next-server',
    ...['react-dom', 'react-dom-experimental'].map((d) => `dist/compiled/${d}/cjs`),
  ];
  const targets = new Map<string, Patch[]>();
  for (const dir of dirs) {
    if (!existsSync(path.join(nextDir, dir))) continue;
    for (const name of readdirSync(path.join(nextDir, dir))) {
      const file = `${dir}/${name}`;
      const patches = PATCHES.filter((p) => p.files.test(file));
      if (patches.length) targets.set(file, patches);
    }
  }
  return targets;
}

/**
 * Applies every patch to its files (with `write: false`, only says what it would change): the
 * files changed, and each file and patch whose line was not found (none when all is well).
 */
export function patchNext(nextDir: string, { write = true } = {}): { patched: string[]; missing: string[] } {
  const patched: string[] = [];
  const missing: string[] = [];
  for (const [file, patches] of targetFiles(nextDir)) {
    const full = path.join(nextDir, file);
    let source = readFileSync(full, 'utf8');
    let changed = false;
    for (const patch of patches) {
      const result = applyPatch(source, patch);
      if (!result.found) missing.push(`${file}: ${patch.name}`);
      changed ||= result.changed;
      source = result.source;
    }
    if (changed) {
      if (write) writeFileSync(full, source);
      patched.push(file);
    }
  }
  return { patched, missing };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const nextDir = path.resolve('node_modules/next');
  const { patched, missing } = patchNext(nextDir);
  if (!targetFiles(nextDir).size || missing.length) {
    // Not fatal here: `npm install` must still finish. `npm test` fails until this is looked at.
    console.warn(
      `show-ready-content: React's line was not found in ${
        missing.length ? missing.join('; ') : 'node_modules/next'
      }; ready page content will wait behind its skeleton. See scripts/show-ready-content.ts.`,
    );
  } else if (patched.length) {
    console.log(`show-ready-content: ${patched.length} of Next.js's React files show ready content at once`);
  }
}
