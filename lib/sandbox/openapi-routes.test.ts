import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createSandboxApp } from './app';
import type { RunningSandbox } from './server';
import { startTestSandbox } from './testing';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

describe('GET /openapi.json against the routes the server registers', () => {
  it('documents every route outside /_sandbox, and names no path without a route', async () => {
    const doc = (await (await fetch(`${sandbox.url}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths)
      .flatMap(([path, item]) =>
        Object.keys(item)
          .filter((k) => METHODS.includes(k))
          .map((m) => `${m.toUpperCase()} ${path}`),
      )
      .sort();
    const registered = createSandboxApp(sandbox.state)
      .routes.filter(
        (r) =>
          r.method !== 'ALL' &&
          !r.path.startsWith('/_sandbox') &&
          r.path !== '/openapi.json' &&
          !r.path.startsWith('/docs'),
      )
      .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`)
      .sort();
    expect(new Set(registered).size).toBe(registered.length);
    expect(documented).toEqual(registered);
    expect(registered.length).toBeGreaterThan(20);
  });
});
