/**
 * The build's static scripts and stylesheets, compressed once when the build is made and served
 * from memory by the dashboard's own server (scripts/server.ts), ahead of Next.js.
 *
 * Next.js compresses `/_next/static` files with gzip on every request, on the same process that
 * renders pages, so a page's twenty scripts wait behind its render and cost a gzip each. Served
 * here they go out at once, brotli (about a sixth smaller than gzip) to a browser that takes it,
 * gzip to one that takes only gzip. Anything else, a file without its compressed copies (a build
 * made by `next build` alone) and a client that accepts neither falls through to Next.js.
 *
 * Plain Node: no `server-only`, since the server imports it before Next.js loads.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const PREFIX = '/_next/static/';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=UTF-8',
  '.css': 'text/css; charset=UTF-8',
};

/** The encodings written beside each file, in the order a client that takes both gets them. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;
type Encoding = (typeof ENCODINGS)[number]['name'];

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every script and
 * stylesheet under `<distDir>/static`. Run after the build's last change to its chunks.
 * Returns how many files it compressed.
 */
export async function precompressStatic(distDir: string): Promise<number> {
  const root = path.join(distDir, 'static');
  const files = (await readdir(root, { recursive: true })).filter((f) => path.extname(f) in CONTENT_TYPES);
  await Promise.all(
    files.map(async (file) => {
      const full = path.join(root, file);
      const body = await readFile(full);
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzipped(body, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gz)]);
    }),
  );
  return files.length;
}

/**
 * The encoding to send for an `Accept-Encoding` header: brotli, else gzip, else none. A coding
 * given `q=0` is refused; `*` stands for any coding not named.
 */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  const q = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const weight = (name: string) => q.get(name) ?? q.get('*') ?? 0;
  let best: Encoding | null = null;
  for (const { name } of ENCODINGS) if (weight(name) > 0 && (!best || weight(name) > weight(best))) best = name;
  return best;
}

interface Variant {
  body: Buffer;
  etag: string;
}

/**
 * A request handler for the build in `distDir`: answers a GET or HEAD of `/_next/static/…` when
 * the file has its compressed copies and the client takes one of them, and returns true; returns
 * false for everything else, left to Next.js. The answers are read once and kept in memory (a
 * build's scripts and stylesheets are a few hundred kilobytes compressed).
 */
export function precompressedAssets(distDir: string): (req: IncomingMessage, res: ServerResponse) => boolean {
  const root = path.resolve(distDir, 'static');
  const cache = new Map<string, Variant | null>();

  const variant = (file: string, encoding: Encoding): Variant | null => {
    const key = `${file}\0${encoding}`;
    const known = cache.get(key);
    if (known !== undefined) return known;
    let found: Variant | null = null;
    try {
      // Read synchronously once per file and coding: the first request of each after a start.
      const body = readFileSync(`${file}${ENCODINGS.find((e) => e.name === encoding)!.suffix}`);
      found = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` };
    } catch {
      found = null;
    }
    cache.set(key, found);
    return found;
  };

  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '';
    if (!url.startsWith(PREFIX)) return false;
    let relative: string;
    try {
      relative = decodeURIComponent(url.slice(PREFIX.length).split(/[?#]/)[0]!);
    } catch {
      return false;
    }
    const file = path.resolve(root, relative);
    const type = CONTENT_TYPES[path.extname(file)];
    if (!type || !file.startsWith(`${root}${path.sep}`)) return false;
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    const found = encoding && variant(file, encoding);
    if (!encoding || !found) return false;

    res.setHeader('Content-Type', type);
    res.setHeader('Content-Encoding', encoding);
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('ETag', found.etag);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    const ifNoneMatch = req.headers['if-none-match'];
    if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === found.etag)) {
      res.statusCode = 304;
      res.end();
      return true;
    }
    res.setHeader('Content-Length', found.body.length);
    res.statusCode = 200;
    res.end(req.method === 'HEAD' ? undefined : found.body);
    return true;
  };
}
