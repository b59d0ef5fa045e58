import { describe, expect, it } from 'vitest';

import { safeCallbackPath } from './messages';

describe('safeCallbackPath', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeCallbackPath('/reservations?status[in]=confirmed')).toBe('/reservations?status[in]=confirmed');
    expect(safeCallbackPath('/entities/7b0c/edit')).toBe('/entities/7b0c/edit');
    expect(safeCallbackPath('/reservations?guest_email=a%40b.example')).toBe('/reservations?guest_email=a%40b.example');
  });

  // Each of these is read by a browser, or normalised by URL parsing, into another site.
  const openRedirects = [
    'https://evil.example/x',
    'http://dashboard.invalid/entities',
    '//evil.example/x',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/.//evil.example',
    '/./\\evil.example',
    '/x/..//evil.example',
    '/x/../..//evil.example',
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
    '/%2f/evil.example',
    '/%2F%2Fevil.example',
    '/%5cevil.example',
    '/%5Cevil.example',
    '/.%2f/evil.example',
    '/%252f%252fevil.example',
    '/\t/evil.example',
    '/%09/evil.example',
    '/\n/evil.example',
    'javascript:alert(1)',
    ' /evil.example',
    'evil.example',
    '/login?x=1',
    '/login/../login',
    '',
    null,
    undefined,
  ];
  it.each(openRedirects.map((v) => [JSON.stringify(v), v]))('sends %s home', (_label, raw) => {
    expect(safeCallbackPath(raw)).toBe('/');
  });

  it('never yields a target that a browser resolves off the site', () => {
    for (const raw of openRedirects) {
      const out = safeCallbackPath(raw);
      expect(new URL(out, 'https://dashboard.example').origin).toBe('https://dashboard.example');
    }
  });
});
