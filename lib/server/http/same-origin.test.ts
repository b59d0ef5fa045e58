import { describe, expect, it } from 'vitest';

import { translateSaid } from '@/lib/i18n/said';
import { inEnglish } from '@/lib/i18n/translator';

import { crossSiteProblem as said } from './same-origin';

const h = (headers: Record<string, string>) => new Headers({ host: '127.0.0.1:3000', ...headers });
/** The refusal as an English reader has it (the catalog's words), or null. */
const crossSiteProblem = (headers: Headers, method: string, checkGet: boolean) => {
  const refusal = said(headers, method, checkGet);
  return refusal && translateSaid(inEnglish, refusal);
};

describe('crossSiteProblem', () => {
  it('accepts a POST from the dashboard itself', () => {
    expect(
      crossSiteProblem(h({ origin: 'http://127.0.0.1:3000', 'sec-fetch-site': 'same-origin' }), 'POST', false),
    ).toBeNull();
    expect(
      crossSiteProblem(h({ origin: 'https://dash.example', 'x-forwarded-host': 'dash.example' }), 'POST', false),
    ).toBeNull();
  });

  it('refuses a POST from another origin, a sibling site, an opaque origin, or one that names none', () => {
    expect(crossSiteProblem(h({ origin: 'https://evil.example' }), 'POST', false)).toBe(
      'This request came from another site (evil.example); the dashboard accepts changes only from its own pages.',
    );
    expect(crossSiteProblem(h({ origin: 'http://127.0.0.1:3001' }), 'POST', false)).toMatch(
      /from another site \(127\.0\.0\.1:3001\);/,
    );
    expect(crossSiteProblem(h({ origin: 'null' }), 'POST', false)).toMatch(/from another site;/);
    expect(crossSiteProblem(h({ 'sec-fetch-site': 'same-site' }), 'POST', false)).toMatch(/from another site;/);
    expect(
      crossSiteProblem(h({ origin: 'http://127.0.0.1:3000', 'sec-fetch-site': 'cross-site' }), 'POST', false),
    ).toMatch(/from another site;/);
    expect(crossSiteProblem(h({}), 'POST', false)).toMatch(/from a page that does not say where it is;/);
  });

  it('checks a GET only when asked, and then refuses a cross-site link but not a typed address', () => {
    expect(crossSiteProblem(h({ 'sec-fetch-site': 'cross-site' }), 'GET', false)).toBeNull();
    expect(crossSiteProblem(h({ 'sec-fetch-site': 'cross-site' }), 'GET', true)).toMatch(
      /only be started from the dashboard’s own pages, not from another site\./,
    );
    expect(crossSiteProblem(h({ 'sec-fetch-site': 'same-site' }), 'GET', true)).toMatch(/own pages/);
    expect(crossSiteProblem(h({ 'sec-fetch-site': 'same-origin' }), 'GET', true)).toBeNull();
    expect(crossSiteProblem(h({ 'sec-fetch-site': 'none' }), 'GET', true)).toBeNull();
    expect(crossSiteProblem(h({}), 'GET', true)).toBeNull();
  });
});
