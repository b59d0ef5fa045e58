import { describe, expect, it } from 'vitest';
import { safeCallbackPath } from './messages';

describe('safeCallbackPath', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeCallbackPath('/reservations?status[in]=confirmed')).toBe('/reservations?status[in]=confirmed');
    expect(safeCallbackPath('http://dashboard.invalid/entities')).toBe('/entities');
  });
  it('sends every other target home', () => {
    for (const bad of ['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '/login?x=1', '', null]) {
      const out = safeCallbackPath(bad);
      expect(out.startsWith('/')).toBe(true);
      expect(out.startsWith('//')).toBe(false);
      expect(out).not.toContain('evil.example');
      expect(out.startsWith('/login')).toBe(false);
    }
  });
});
