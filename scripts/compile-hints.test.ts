import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { addCompileHints, COMPILE_HINT, startupChunks } from './compile-hints';

/** A build's layout as Next 16 writes it: the build manifest, one route's client reference manifest, chunks. */
async function fixtureBuild(dir: string) {
  const chunks: Record<string, string> = {
    'static/chunks/runtime.js': 'runtime();',
    'static/chunks/react-dom.js': 'reactDom();',
    'static/chunks/page.js': 'page();',
    'static/chunks/dialog.js': 'lazyDialog();',
    'static/chunks/app.css': '.a{}',
  };
  for (const [file, body] of Object.entries(chunks)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), body);
  }
  await writeFile(
    path.join(dir, 'build-manifest.json'),
    JSON.stringify({ rootMainFiles: ['static/chunks/runtime.js', 'static/chunks/react-dom.js'] }),
  );
  const route = path.join(dir, 'server', 'app', '(console)', 'entities', '[id]');
  await mkdir(route, { recursive: true });
  const manifest = {
    clientModules: { dialog: { chunks: ['/_next/static/chunks/dialog.js'], async: true } },
    entryCSSFiles: { '[project]/app/layout': [{ path: 'static/chunks/app.css' }] },
    entryJSFiles: {
      '[project]/app/layout': ['static/chunks/react-dom.js'],
      '[project]/app/(console)/entities/[id]/page': ['static/chunks/page.js', 'static/chunks/app.css'],
    },
  };
  await writeFile(
    path.join(route, 'page_client-reference-manifest.js'),
    `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST["/(console)/entities/[id]/page"] = ${JSON.stringify(manifest)};\n`,
  );
}

describe('compile hints', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'compile-hints-'));
    await fixtureBuild(dir);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const read = (chunk: string) => readFile(path.join(dir, 'static', 'chunks', chunk), 'utf8');

  it('finds the root chunks and every route entry chunk, and no chunk loaded on demand', async () => {
    expect(await startupChunks(dir)).toEqual([
      'static/chunks/page.js',
      'static/chunks/react-dom.js',
      'static/chunks/runtime.js',
    ]);
  });

  it('puts the hint on the first line of each startup chunk and leaves the rest of the file as it was', async () => {
    expect(await addCompileHints(dir)).toHaveLength(3);
    expect(await read('react-dom.js')).toBe(`${COMPILE_HINT}reactDom();`);
    expect(await read('page.js')).toBe(`${COMPILE_HINT}page();`);
    expect(await read('dialog.js')).toBe('lazyDialog();');
    expect(await read('app.css')).toBe('.a{}');
  });

  it('marks a chunk once when run again on the same build', async () => {
    await addCompileHints(dir);
    expect(await addCompileHints(dir)).toEqual([]);
    expect(await read('runtime.js')).toBe(`${COMPILE_HINT}runtime();`);
  });
});
