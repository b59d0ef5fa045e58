import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { readSeedFile, SeedFileError, seedJsonSchema } from './seed/file';
import { startSandbox, type RunningSandbox } from './server';
import { accessToken, startTestSandbox } from './testing';

/** The sandbox's contract, continued (contract.test.ts): seed files, per-credential rate limits, the OpenAPI document. */

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

describe('seed files, rate limits and the OpenAPI document', () => {
  const example = path.join(import.meta.dirname, 'seed/example.seed.json');

  it('keeps the committed JSON Schema of seed files current', () => {
    expect(JSON.parse(readFileSync(path.join(import.meta.dirname, 'seed/seed.schema.json'), 'utf8'))).toEqual(
      seedJsonSchema(),
    );
  });

  it('refuses a seed with an unknown key or a dangling reference, naming the path', () => {
    const file = path.join(import.meta.dirname, '../../test-results/bad.seed.json');
    mkdirSync(path.dirname(file), { recursive: true });
    const broken = (change: (seed: Record<string, Record<string, unknown>[]>) => void) => {
      const seed = JSON.parse(readFileSync(example, 'utf8'));
      change(seed);
      writeFileSync(file, JSON.stringify(seed));
      return () => readSeedFile(file);
    };
    expect(broken((s) => (s.venues![0]!.colour = 'blue'))).toThrow(/venues\[0\]: Unrecognized key: "colour"/);
    expect(broken((s) => (s.commitments![0]!.venue_id = '00000000-0000-4000-8000-000000000000'))).toThrow(
      /commitments\[0\]\.venue_id: names an unknown venue/,
    );
    expect(broken((s) => (s.commitments![0]!.total_seats = 5))).toThrow(
      /commitments\[0\]\.allocations: allocate 20 seats, more than total_seats 5/,
    );
    expect(broken(() => undefined)).not.toThrow();
    expect(() => readSeedFile(file)).not.toThrow(SeedFileError);
  });

  it('runs a seed file with its per-credential rate limit: 429 with Retry-After past it', async () => {
    // The test's own clock, at the start of a minute: the 120 requests fall in one minute's window.
    const startsAt = new Date('2026-12-01T10:00:00Z');
    const own = await startSandbox({ port: 0, memory: true, quiet: true, seed: example, startsAt });
    try {
      const token = await accessToken(own, { client_id: 'gb_partner_douro', client_secret: 'douro-partner-secret' });
      let last: Response | undefined;
      for (let i = 0; i < 120; i++)
        last = await fetch(`${own.url}/v2/identities/me`, { headers: { authorization: `Bearer ${token}` } });
      expect(last!.status).toBe(200);
      expect(last!.headers.get('x-ratelimit-remaining')).toBe('0');
      const over = await fetch(`${own.url}/v2/identities/me`, { headers: { authorization: `Bearer ${token}` } });
      expect(over.status).toBe(429);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(over.headers.get('x-ratelimit-reset'))).toBeGreaterThan(startsAt.getTime() / 1000);
      const me = await fetch(`${own.url}/_sandbox/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advance_s: 60 }),
      });
      expect(me.status).toBe(200);
      expect(
        (await fetch(`${own.url}/v2/identities/me`, { headers: { authorization: `Bearer ${token}` } })).status,
      ).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('serves an OpenAPI 3.1 document that validates and names every path', async () => {
    const doc = (await (await fetch(`${sandbox.url}/openapi.json`)).json()) as {
      openapi: string;
      paths: Record<string, unknown>;
    };
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
    for (const p of [
      '/oauth/token',
      '/v2/identities/me/delegates/{id}',
      '/v2/entities/{id}/logo',
      '/v2/commitments',
      '/v2/availability',
      '/v2/holds/{id}',
      '/v2/reservations/{id}/cancel',
    ]) {
      expect(doc.paths).toHaveProperty([p]);
    }
  });
});
