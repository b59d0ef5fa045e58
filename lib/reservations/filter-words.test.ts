import { describe, expect, it } from 'vitest';

import { listedValueWords, modifierKey } from './filter-words';

describe('a search condition’s words', () => {
  it('names a date’s and a moment’s bounds as such, other bounds and modifiers as they are', () => {
    expect(modifierKey('date', 'gte')).toBe('gteDate');
    expect(modifierKey('created_at', 'lte')).toBe('lteDate');
    expect(modifierKey('party_size', 'gte')).toBe('gte');
    expect(modifierKey('date', 'eq')).toBe('eq');
  });

  it('words a status as staff say it and a language as the caller names it; an unknown status as sent', () => {
    const words = { status: (s: string) => `«${s}»`, locale: (c: string) => `lang:${c}` };
    expect(listedValueWords('status', 'no_show', words)).toBe('«no_show»');
    expect(listedValueWords('status', 'lost', words)).toBe('lost');
    expect(listedValueWords('locale', 'de-DE', words)).toBe('lang:de-DE');
    expect(listedValueWords('guest_email', 'a@b.test', words)).toBe('a@b.test');
  });
});
