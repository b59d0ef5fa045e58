import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { RunningSandbox } from './server';
import { startTestSandbox } from './testing';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

const documentPaths = async () =>
  Object.keys(((await (await fetch(`${sandbox.url}/openapi.json`)).json()) as { paths: object }).paths);

describe('GET /docs', () => {
  it('is an HTML page that names every path of the OpenAPI document, even read without scripts', async () => {
    const res = await fetch(`${sandbox.url}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    const paths = await documentPaths();
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.filter((p) => !html.includes(`"${p}"`))).toEqual([]);
  });

  it('loads its script and stylesheet from the sandbox itself, which serves them from swagger-ui-dist', async () => {
    const html = await (await fetch(`${sandbox.url}/docs`)).text();
    const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]*)"/g)].map((m) => m[1]!);
    const styles = [...html.matchAll(/<link\b[^>]*\bhref="([^"]*)"/g)].map((m) => m[1]!);
    expect(scripts).toEqual(['/docs/assets/swagger-ui-dist/swagger-ui-bundle.js']);
    expect(styles).toEqual(['/docs/assets/swagger-ui-dist/swagger-ui.css']);
    for (const [url, type] of [
      [scripts[0]!, 'text/javascript'],
      [styles[0]!, 'text/css'],
    ] as const) {
      const asset = await fetch(new URL(url, sandbox.url));
      expect(asset.status, url).toBe(200);
      expect(asset.headers.get('content-type')).toContain(type);
      expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
    }
    expect(html).not.toMatch(/https?:\/\/(?!127\.0\.0\.1|localhost)[^"'\s]*\.(js|css)\b/);
  });

  it('serves no other file of the package', async () => {
    for (const file of ['package.json', 'index.js', '..%2F..%2Fpackage.json'])
      expect((await fetch(`${sandbox.url}/docs/assets/swagger-ui-dist/${file}`)).status, file).toBe(404);
  });
});
