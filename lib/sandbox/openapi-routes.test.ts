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

  it('names every operation for a client generator and groups it on the reference page', async () => {
    const doc = (await (await fetch(`${sandbox.url}/openapi.json`)).json()) as {
      info: { license?: { name?: string } };
      tags: { name: string; description: string }[];
      paths: Record<string, Record<string, { operationId?: string; tags?: string[]; description?: string }>>;
    };
    expect(doc.info.license?.name).toMatch(/\w/);
    const tagNames = doc.tags.map((t) => t.name);
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([m]) => METHODS.includes(m))
        .map(([method, o]) => ({ at: `${method.toUpperCase()} ${path}`, ...o })),
    );
    const unnamed = operations.filter((o) => !/^[a-z][A-Za-z]+$/.test(o.operationId ?? '')).map((o) => o.at);
    expect(unnamed).toEqual([]);
    expect(new Set(operations.map((o) => o.operationId)).size).toBe(operations.length);
    const untagged = operations.filter((o) => o.tags?.length !== 1 || !tagNames.includes(o.tags[0]!)).map((o) => o.at);
    expect(untagged).toEqual([]);
    expect(operations.filter((o) => !o.description || o.description.length < 20).map((o) => o.at)).toEqual([]);
    // The reservations' operations are grouped together, and no group is empty.
    const byTag = (tag: string) => operations.filter((o) => o.tags?.[0] === tag).map((o) => o.operationId);
    expect(byTag('Reservations')).toEqual([
      'listReservations',
      'createReservation',
      'getReservation',
      'updateReservation',
      'cancelReservation',
    ]);
    expect(tagNames.filter((t) => byTag(t).length === 0)).toEqual([]);
    expect(operations.find((o) => o.operationId === 'replaceCommitments')?.description).toContain(
      '`commitments:update`',
    );
  });
});
