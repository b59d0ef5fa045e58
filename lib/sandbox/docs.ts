import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { SwaggerUI } from '@hono/swagger-ui';
import type { Hono } from 'hono';

import { openApiDocument } from './openapi';
import type { Env, SandboxState } from './state';

/** Where the page loads Swagger UI from: the sandbox itself, never a CDN (the demo works offline). */
export const DOCS_ASSETS = '/docs/assets';
/** The files of swagger-ui-dist the page needs, with their content types. */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};
const distDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const cache = new Map<string, Promise<Buffer>>();

/**
 * GET /docs: the API reference, Swagger UI over the sandbox's OpenAPI document. The document is
 * written into the page (so even a page read without scripts names every path), and the viewer's
 * script and stylesheet come from the swagger-ui-dist package through the sandbox.
 */
export function docsRoutes(app: Hono<Env>, state: SandboxState): void {
  app.get(`${DOCS_ASSETS}/swagger-ui-dist/:file`, async (c) => {
    const file = c.req.param('file');
    const type = ASSETS[file];
    if (!type) return c.notFound();
    if (!cache.has(file)) cache.set(file, readFile(path.join(distDir, file)));
    const body = await cache.get(file)!;
    return c.body(new Uint8Array(body), 200, { 'content-type': type, 'cache-control': 'public, max-age=3600' });
  });
  app.get('/docs', (c) =>
    c.html(`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Guest Book API v2 (sandbox): reference</title>
  </head>
  <body>
    ${SwaggerUI({
      baseUrl: DOCS_ASSETS,
      spec: openApiDocument(state.publicUrl),
      // Where the document is also served; Swagger UI reads \`spec\` when it has one.
      url: '/openapi.json',
      // Swagger UI would otherwise ask validator.swagger.io to check the document.
      validatorUrl: 'none',
      docExpansion: 'list',
    })}
  </body>
</html>`),
  );
}
