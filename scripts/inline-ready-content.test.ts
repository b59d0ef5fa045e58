import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { inlineReadyContent, patchNext, rendererFiles } from './inline-ready-content';

const MINIFIED = 'function nJ(e,t,r,n){this.progressiveChunkSize=void 0===n?12800:n,this.status=10}';
const READABLE = `function RequestInstance(progressiveChunkSize) {
  this.progressiveChunkSize =
    void 0 === progressiveChunkSize ? 12800 : progressiveChunkSize;
}`;

describe('inlineReadyContent', () => {
  it('sets the renderer’s default to Infinity, minified or not, and keeps an option passed in', () => {
    const minified = inlineReadyContent(MINIFIED);
    expect(minified).toMatchObject({ changed: true, found: true });
    expect(minified.source).toContain('this.progressiveChunkSize=void 0===n?1/0:n,');
    const readable = inlineReadyContent(READABLE);
    expect(readable.changed).toBe(true);
    expect(readable.source).toContain('void 0 === progressiveChunkSize ? 1/0 : progressiveChunkSize;');
    // the patched constructor, run: no option → Infinity; an option → that option
    const make = new Function(`${minified.source}; return nJ;`)() as new (...a: unknown[]) => {
      progressiveChunkSize: number;
    };
    expect(new make(0, 0, 0, undefined).progressiveChunkSize).toBe(Infinity);
    expect(new make(0, 0, 0, 4096).progressiveChunkSize).toBe(4096);
  });

  it('leaves a patched source as it is, and says when the line is not there', () => {
    const once = inlineReadyContent(MINIFIED).source;
    expect(inlineReadyContent(once)).toEqual({ source: once, changed: false, found: true });
    expect(inlineReadyContent('this.progressiveChunkSize=n??12800')).toMatchObject({ changed: false, found: false });
  });
});

describe('patchNext', () => {
  it('patches each app-page runtime once and names those without the line', () => {
    const next = mkdtempSync(path.join(tmpdir(), 'next-'));
    const dir = path.join(next, 'dist/compiled/next-server');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'app-page-turbo.runtime.prod.js'), MINIFIED);
    writeFileSync(path.join(dir, 'app-page.runtime.dev.js'), READABLE);
    writeFileSync(path.join(dir, 'app-page-experimental.runtime.prod.js'), 'no renderer here');
    writeFileSync(path.join(dir, 'app-route.runtime.prod.js'), MINIFIED);

    expect(
      rendererFiles(next)
        .map((f) => path.basename(f))
        .sort(),
    ).toEqual(['app-page-experimental.runtime.prod.js', 'app-page-turbo.runtime.prod.js', 'app-page.runtime.dev.js']);
    const first = patchNext(next);
    expect(first.patched.map((f) => path.basename(f)).sort()).toEqual([
      'app-page-turbo.runtime.prod.js',
      'app-page.runtime.dev.js',
    ]);
    expect(first.missing.map((f) => path.basename(f))).toEqual(['app-page-experimental.runtime.prod.js']);
    expect(readFileSync(path.join(dir, 'app-page-turbo.runtime.prod.js'), 'utf8')).toContain('?1/0:n');
    // a route handler's runtime renders no HTML: untouched
    expect(readFileSync(path.join(dir, 'app-route.runtime.prod.js'), 'utf8')).toBe(MINIFIED);
    expect(patchNext(next).patched).toEqual([]);
  });

  it('has set the default in every runtime of the installed Next.js (npm install ran it)', () => {
    const { missing, patched } = patchNext(path.resolve('node_modules/next'), { write: false });
    expect(rendererFiles(path.resolve('node_modules/next')).length).toBeGreaterThan(0);
    expect({ missing, patched }).toEqual({ missing: [], patched: [] });
  });
});
