import { describe, expect, it } from 'vitest';

import { LOCALE_CODES, localeName, LOCALES } from './locales';

describe('a guest locale’s name', () => {
  it('is the API list’s English name in an English console', () => {
    for (const code of LOCALE_CODES) expect(localeName(code, 'en')).toBe(LOCALES[code]);
  });
  it('is written in the console’s language otherwise, Chinese with its script', () => {
    expect(localeName('de-DE', 'de')).toBe('Deutsch (Deutschland)');
    expect(localeName('en-US', 'fr')).toBe('anglais (États-Unis)');
    // The runtime's own words (ICU's), which may change with its version: the script and the region named.
    expect(localeName('zh-TW', 'de')).toMatch(/^Chinesisch \(traditionell, Taiwan\)$/i);
    expect(localeName('zh-CN', 'ja')).toMatch(/^中国語 \(簡体字、中国\)$/);
  });
  it('is the code itself for a code the API does not list', () => {
    expect(localeName('xx-YY', 'de')).toBe('xx-YY');
    expect(localeName('xx-YY', 'en')).toBe('xx-YY');
  });
});
