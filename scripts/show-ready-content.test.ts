import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { applyPatch, PATCHES, patchNext, targetFiles } from './show-ready-content';

const byName = (start: string) => PATCHES.find((p) => p.name.startsWith(start))!;
const [chunkSize, serverReveal] = [byName('ready content in place'), byName('streamed content')];
const [commit, ping, development] = [
  byName('a page shown when it arrives, not 300 ms after its skeleton (commit)'),
  byName('a page shown when it arrives, not 300 ms after its skeleton (ping)'),
  byName('a page shown when it arrives, not 300 ms after its skeleton (development)'),
];

/** As in Next's app-page runtimes: the renderer's constructor, minified, and the inline swap script. */
const RUNTIME =
  'function nJ(e,t,r,n){this.progressiveChunkSize=void 0===n?12800:n,this.status=10}' +
  'var t6=q(\'$RC=function(a,b){if(b=document.getElementById(b))(a=document.getElementById(a))?(a.previousSibling.data="$~",$RB.push(a,b),2===$RB.length&&("number"!==typeof $RT?requestAnimationFrame($RV.bind(null,$RB)):(a=performance.now(),setTimeout($RV.bind(null,$RB),2300>a&&2E3<a?2300-a:$RT+300-a)))):b.parentNode.removeChild(b)};\')';
const READABLE_RENDERER = `function RequestInstance(progressiveChunkSize) {
  this.progressiveChunkSize =
    void 0 === progressiveChunkSize ? 12800 : progressiveChunkSize;
}`;
/** As in Next's compiled react-dom client, production and development. */
const CLIENT_PRODUCTION = `if (
  (lanes & 62914560) === lanes &&
  ((exitStatus = globalMostRecentFallbackTime + 300 - now()),
  10 < exitStatus)
) {}
(3 === workInProgressRootExitStatus &&
  (workInProgressRootRenderLanes & 62914560) === workInProgressRootRenderLanes &&
  300 > now() - globalMostRecentFallbackTime)`;
const CLIENT_DEVELOPMENT = 'var FALLBACK_THROTTLE_MS = 300,\n  RENDER_TIMEOUT_MS = 500;';

/** The swap script's delay, run with `now` as performance.now() and `$RT` as the last paint. */
function delayOf(runtime: string, now: number, lastPaint: number): number {
  const script = JSON.parse(`"${/q\('(\$RC=[^']*)'\)/.exec(runtime)![1]!.replace(/"/g, '\\"')}"`) as string;
  let delay = NaN;
  const run = new Function(
    'document',
    'performance',
    'setTimeout',
    'requestAnimationFrame',
    '$RT',
    '$RB',
    '$RV',
    `${script}; return $RC;`,
  );
  const node = { previousSibling: { data: '' }, parentNode: null };
  const $RC = run(
    { getElementById: () => node },
    { now: () => now },
    (_: unknown, ms: number) => (delay = ms),
    () => (delay = -1),
    lastPaint,
    [],
    { bind: () => null },
  ) as (a: string, b: string) => void;
  $RC('B:0', 'S:0');
  return delay;
}

describe('the patches', () => {
  it('set the renderer’s default chunk size to Infinity, minified or not, and keep an option passed in', () => {
    const minified = applyPatch(RUNTIME, chunkSize);
    expect(minified).toMatchObject({ changed: true, found: true });
    expect(minified.source).toContain('this.progressiveChunkSize=void 0===n?1/0:n,');
    expect(applyPatch(READABLE_RENDERER, chunkSize).source).toContain(
      'void 0 === progressiveChunkSize ? 1/0 : progressiveChunkSize;',
    );
    const make = new Function(`${minified.source.split('var t6')[0]}; return nJ;`)() as new (...a: unknown[]) => {
      progressiveChunkSize: number;
    };
    expect(new make(0, 0, 0, undefined).progressiveChunkSize).toBe(Infinity);
    expect(new make(0, 0, 0, 4096).progressiveChunkSize).toBe(4096);
  });

  it('have the inline script swap streamed content in at once, not 300 ms after the last paint', () => {
    // React's: 100 ms after a paint at 1,000 ms, it waits 200 ms more; at 2,100 ms it holds to 2,300
    expect(delayOf(RUNTIME, 1100, 1000)).toBe(200);
    expect(delayOf(RUNTIME, 2100, 2050)).toBe(200);
    const patched = applyPatch(RUNTIME, serverReveal);
    expect(patched).toMatchObject({ changed: true, found: true });
    expect(delayOf(patched.source, 1100, 1000)).toBe(0);
    expect(delayOf(patched.source, 2100, 2050)).toBe(0);
    // before the first paint it still waits for that frame
    expect(delayOf(patched.source.replace('"number"!==typeof $RT', 'true'), 5, 0)).toBe(-1);
  });

  it('have React DOM commit a page when it arrives, not 300 ms after its skeleton', () => {
    const once = applyPatch(applyPatch(CLIENT_PRODUCTION, commit).source, ping);
    expect(once.source).toContain('globalMostRecentFallbackTime + 0 - now()');
    expect(once.source).toContain('0 > now() - globalMostRecentFallbackTime)');
    expect(once.source).not.toMatch(/300/);
    expect(applyPatch(CLIENT_DEVELOPMENT, development).source).toContain('FALLBACK_THROTTLE_MS = 0,');
  });

  it('leave a patched source as it is, and say when React’s line is not there', () => {
    for (const [source, patch] of [
      [RUNTIME, chunkSize],
      [RUNTIME, serverReveal],
      [CLIENT_PRODUCTION, commit],
      [CLIENT_PRODUCTION, ping],
      [CLIENT_DEVELOPMENT, development],
    ] as const) {
      const once = applyPatch(source, patch).source;
      expect(applyPatch(once, patch)).toEqual({ source: once, changed: false, found: true });
      expect(applyPatch('nothing of React here', patch)).toMatchObject({ changed: false, found: false });
    }
  });
});

describe('patchNext', () => {
  it('patches each file once, leaves other files alone, and names each line not found', () => {
    const next = mkdtempSync(path.join(tmpdir(), 'next-'));
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(next, file)), { recursive: true });
      writeFileSync(path.join(next, file), text);
    };
    write('dist/compiled/next-server/app-page-turbo.runtime.prod.js', RUNTIME);
    write('dist/compiled/next-server/app-page.runtime.dev.js', READABLE_RENDERER);
    write('dist/compiled/next-server/app-route.runtime.prod.js', RUNTIME);
    write('dist/compiled/react-dom/cjs/react-dom-client.production.js', CLIENT_PRODUCTION);
    write('dist/compiled/react-dom/cjs/react-dom-client.development.js', CLIENT_DEVELOPMENT);
    write('dist/compiled/react-dom/cjs/react-dom-server.node.production.js', CLIENT_PRODUCTION);

    expect([...targetFiles(next).keys()].sort()).toEqual([
      'dist/compiled/next-server/app-page-turbo.runtime.prod.js',
      'dist/compiled/next-server/app-page.runtime.dev.js',
      'dist/compiled/react-dom/cjs/react-dom-client.development.js',
      'dist/compiled/react-dom/cjs/react-dom-client.production.js',
    ]);
    const first = patchNext(next);
    expect(first.patched).toHaveLength(4);
    // the readable runtime has the renderer but not the inline script
    expect(first.missing).toEqual([`dist/compiled/next-server/app-page.runtime.dev.js: ${serverReveal.name}`]);
    const read = (file: string) => readFileSync(path.join(next, file), 'utf8');
    expect(read('dist/compiled/next-server/app-page-turbo.runtime.prod.js')).toContain('?1/0:n');
    expect(read('dist/compiled/next-server/app-page-turbo.runtime.prod.js')).toContain(
      'setTimeout($RV.bind(null,$RB),0)',
    );
    // a route handler's runtime renders no HTML, the server renderer has no client throttle: untouched
    expect(read('dist/compiled/next-server/app-route.runtime.prod.js')).toBe(RUNTIME);
    expect(read('dist/compiled/react-dom/cjs/react-dom-server.node.production.js')).toBe(CLIENT_PRODUCTION);
    expect(patchNext(next).patched).toEqual([]);
  });

  it('has patched the installed Next.js (npm install ran it)', () => {
    const next = path.resolve('node_modules/next');
    const targets = [...targetFiles(next).keys()];
    expect(targets.some((f) => f.includes('app-page-turbo.runtime.prod.js'))).toBe(true);
    expect(targets).toContain('dist/compiled/react-dom/cjs/react-dom-client.production.js');
    expect(patchNext(next, { write: false })).toEqual({ missing: [], patched: [] });
  });
});
