/**
 * Chrome's explicit compile hint on the client chunks every page runs at startup.
 *
 * A bundled module is a function that the runtime calls once, when the page starts. V8 compiles
 * such a function lazily, on its first call, on the main thread: for React DOM's module that is
 * the largest single piece of a page's start-up work. The magic comment
 * `//# allFunctionsCalledOnLoad` on a script's first line tells Chrome (136 and later) to compile
 * every function of that script eagerly, on the background thread that streams it while it
 * downloads. Other browsers read it as a comment.
 *
 * Only the chunks a page loads at startup are marked: the framework's root chunks and each route
 * segment's entry chunks. A chunk loaded later (a dialog, a lazy island) keeps lazy compilation,
 * since most of its functions may never run.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runInNewContext } from 'node:vm';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

const CLIENT_MANIFEST = /_client-reference-manifest\.js$/;

/** A client reference manifest is a script that fills `globalThis.__RSC_MANIFEST`. */
function entryChunks(manifestSource: string): string[] {
  const sandbox: { __RSC_MANIFEST?: Record<string, { entryJSFiles?: Record<string, string[]> }> } = {};
  runInNewContext(manifestSource, { globalThis: sandbox });
  return Object.values(sandbox.__RSC_MANIFEST ?? {}).flatMap((page) => Object.values(page.entryJSFiles ?? {}).flat());
}

/** The chunks (paths relative to `distDir`, as `static/chunks/…`) that some page loads at startup. */
export async function startupChunks(distDir: string): Promise<string[]> {
  const buildManifest = JSON.parse(await readFile(path.join(distDir, 'build-manifest.json'), 'utf8')) as {
    rootMainFiles?: string[];
  };
  const chunks = new Set(buildManifest.rootMainFiles ?? []);
  const appDir = path.join(distDir, 'server', 'app');
  for (const file of await readdir(appDir, { recursive: true })) {
    if (!CLIENT_MANIFEST.test(file)) continue;
    for (const chunk of entryChunks(await readFile(path.join(appDir, file), 'utf8'))) chunks.add(chunk);
  }
  return [...chunks].filter((chunk) => chunk.endsWith('.js')).sort();
}

/**
 * Puts the compile hint on the first line of every startup chunk of the build in `distDir` that
 * does not have it yet. Returns the chunks it marked.
 */
export async function addCompileHints(distDir: string): Promise<string[]> {
  const marked: string[] = [];
  for (const chunk of await startupChunks(distDir)) {
    const file = path.join(distDir, chunk);
    const source = await readFile(file, 'utf8');
    if (source.startsWith(COMPILE_HINT)) continue;
    await writeFile(file, COMPILE_HINT + source);
    marked.push(chunk);
  }
  return marked;
}
