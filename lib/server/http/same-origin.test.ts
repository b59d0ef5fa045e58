import { describe, expect, it } from 'vitest';

import { crossSiteProblem } from './same-origin';

const h = (headers: Record<string, string>) => new Headers({ host: '127.0.0.1:3000', ...headers });

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
    expect(crossSiteProblem(h({ origin: 'https://evil.example' }), 'POST', false)).toMatch(
      /another site \(Origin https:\/\/evil\.example\)/,
    );
    expect(crossSiteProblem(h({ origin: 'http://127.0.0.1:3001' }), 'POST', false)).toMatch(/another site/);
    expect(crossSiteProblem(h({ origin: 'null' }), 'POST', false)).toMatch(/another site/);
    expect(crossSiteProblem(h({ 'sec-fetch-site': 'same-site' }), 'POST', false)).toMatch(/Sec-Fetch-Site same-site/);
    expect(
      crossSiteProblem(h({ origin: 'http://127.0.0.1:3000', 'sec-fetch-site': 'cross-site' }), 'POST', false),
    ).toMatch(/cross-site/);
    expect(crossSiteProblem(h({}), 'POST', false)).toMatch(/no Origin header/);
  });

  it('checks a GET only when asked, and then refuses a cross-site link but not a typed address', () => {
    expect(crossSiteProblem(h({ 'sec-fetch-site': 'cross-site' }), 'GET', false)).toBeNull();
    expect(crossSiteProblem(h({ 'sec-fetch-site': 'cross-site' }), 'GET', true)).toMatch(
      /only be started from the dashboard's own pages/,
    );
    expect(crossSiteProblem(h({ 'sec-fetch-site': 'same-site' }), 'GET', true)).toMatch(/own pages/);
    expect(crossSiteProblem(h({ 'sec-fetch-site': 'same-origin' }), 'GET', true)).toBeNull();
    expect(crossSiteProblem(h({ 'sec-fetch-site': 'none' }), 'GET', true)).toBeNull();
    expect(crossSiteProblem(h({}), 'GET', true)).toBeNull();
  });
});
