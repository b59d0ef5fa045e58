import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { chooseEncoding, precompressedAssets, precompressStatic } from './precompressed-assets';

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, and honours q-values and *', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0.5, gzip;q=0.9')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*, br;q=0')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('gzip;q=0')).toBeNull();
  });
});

describe('precompressed static assets', () => {
  const script = `console.log(${JSON.stringify('a chunk '.repeat(500))});\n`;
  let dir: string;
  let server: Server;
  let base: string;
  const passedOn: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'precompressed-'));
    mkdirSync(path.join(dir, 'static', 'chunks'), { recursive: true });
    writeFileSync(path.join(dir, 'static', 'chunks', 'app.js'), script);
    writeFileSync(path.join(dir, 'static', 'chunks', 'app.css'), 'body{color:red}');
    writeFileSync(path.join(dir, 'static', 'chunks', 'notes.txt'), 'not a script');
    writeFileSync(path.join(dir, 'secret.js'), 'outside static');
    expect(await precompressStatic(dir)).toBe(2);
    // Compressed copies outside static/ are never reached by a path that climbs out of it.
    writeFileSync(path.join(dir, 'secret.js.br'), brotliCompressSync('outside static'));
    // A script added after the build's compression has no compressed copies.
    writeFileSync(path.join(dir, 'static', 'chunks', 'late.js'), script);
    const serve = precompressedAssets(dir);
    server = createServer((req, res) => {
      if (serve(req, res)) return;
      passedOn.push(req.url!);
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('next');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  function get(url: string, headers: Record<string, string> = {}, method = 'GET') {
    return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
      (resolve, reject) => {
        // A raw path, as a client may send it (fetch would normalise `..` away).
        const { hostname, port } = new URL(base);
        const req = request({ hostname, port, path: url, method, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        });
        req.on('error', reject);
        req.end();
      },
    );
  }

  it('sends brotli to a browser that takes it, with the immutable cache and the length', async () => {
    const res = await get('/_next/static/chunks/app.js', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('application/javascript; charset=UTF-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['vary']).toBe('Accept-Encoding');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it('sends gzip to a client that takes only gzip, and answers a stylesheet as CSS', async () => {
    const js = await get('/_next/static/chunks/app.js', { 'Accept-Encoding': 'gzip' });
    expect(js.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(js.body).toString()).toBe(script);
    const css = await get('/_next/static/chunks/app.css', { 'Accept-Encoding': 'br' });
    expect(css.headers['content-type']).toBe('text/css; charset=UTF-8');
    expect(brotliDecompressSync(css.body).toString()).toBe('body{color:red}');
  });

  it('answers a repeated request with its ETag by 304, and a HEAD with headers only', async () => {
    const first = await get('/_next/static/chunks/app.js', { 'Accept-Encoding': 'br' });
    const again = await get('/_next/static/chunks/app.js', {
      'Accept-Encoding': 'br',
      'If-None-Match': String(first.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const gz = await get('/_next/static/chunks/app.js', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers.etag).not.toBe(first.headers.etag);
    const head = await get('/_next/static/chunks/app.js', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBe(first.body.length);
  });

  it('leaves to Next.js what it does not hold: no accepted coding, no copies, other types, other paths, writes', async () => {
    passedOn.length = 0;
    const cases: [string, Record<string, string>, string?][] = [
      ['/_next/static/chunks/app.js', {}],
      ['/_next/static/chunks/app.js', { 'Accept-Encoding': 'identity' }],
      ['/_next/static/chunks/late.js', { 'Accept-Encoding': 'br' }],
      ['/_next/static/chunks/notes.txt', { 'Accept-Encoding': 'br' }],
      ['/_next/static/chunks/missing.js', { 'Accept-Encoding': 'br' }],
      ['/_next/static/../secret.js', { 'Accept-Encoding': 'br' }],
      ['/_next/static/%2e%2e/secret.js', { 'Accept-Encoding': 'br' }],
      ['/_next/static/chunks/%E0%A4%A.js', { 'Accept-Encoding': 'br' }],
      ['/delegates', { 'Accept-Encoding': 'br' }],
      ['/_next/static/chunks/app.js', { 'Accept-Encoding': 'br' }, 'POST'],
    ];
    for (const [url, headers, method] of cases) {
      const res = await get(url, headers, method);
      expect(res.body.toString(), url).toBe('next');
    }
    expect(passedOn).toEqual(cases.map(([url]) => url));
  });
});
