import { afterEach, describe, expect, it, vi } from 'vitest';

import { inEnglish, translatorFor } from '@/lib/i18n/translator';

import { getJson, ReadFailed, readFailureText } from './get-json';

const answer = (body: string, status: number) =>
  vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(body, { status, headers: { 'content-type': 'application/json' } }),
  );

afterEach(() => vi.unstubAllGlobals());

describe('getJson', () => {
  it('answers the data of an ok answer, with the params in the query', async () => {
    const fetch = answer(JSON.stringify({ ok: true, data: [1, 2] }), 200);
    vi.stubGlobal('fetch', fetch);
    await expect(getJson('/api/x', { q: 'ab', ids: ['1', '2'], none: null })).resolves.toEqual([1, 2]);
    expect(fetch.mock.calls[0]![0]).toBe('/api/x?q=ab&ids=1&ids=2');
  });

  it('fails with the server’s message, already in the reader’s language', async () => {
    vi.stubGlobal('fetch', answer(JSON.stringify({ ok: false, error: 'Die Suche ist fehlgeschlagen.' }), 422));
    const failed = await getJson('/api/x').catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ReadFailed);
    expect(readFailureText(failed, inEnglish)).toBe('Die Suche ist fehlgeschlagen.');
  });

  it('names an answer that is not the server’s by its status, in the reader’s language', async () => {
    vi.stubGlobal('fetch', answer('<html>Bad gateway</html>', 502));
    const failed = await getJson('/api/x').catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ReadFailed);
    expect((failed as ReadFailed).said).toEqual({ key: 'common.errors.dashboardUnanswered', values: { status: 502 } });
    expect(readFailureText(failed, inEnglish)).toBe('The dashboard could not answer (error 502).');
    const fr = readFailureText(failed, await translatorFor('fr'));
    expect(fr).toContain('502');
    expect(fr).not.toBe('The dashboard could not answer (error 502).');
  });
});
