import { describe, expect, it } from 'vitest';

import { acceptedLanguages, formatLocaleFor, uiLocaleFromAcceptLanguage, uiLocaleOf, validTimeZone } from './locales';

describe('the console language a browser asks for', () => {
  it('takes the first language the console speaks, by rank', () => {
    expect(uiLocaleFromAcceptLanguage('de-AT,de;q=0.9,en;q=0.8')).toBe('de');
    expect(uiLocaleFromAcceptLanguage('ru-RU, fi;q=0.7, en;q=0.5')).toBe('fi');
    expect(uiLocaleFromAcceptLanguage('en;q=0.5, ja;q=0.9')).toBe('ja');
  });
  it('maps Chinese by script and Norwegian to Bokmål', () => {
    expect(uiLocaleOf('zh-TW')).toBe('zh-Hant');
    expect(uiLocaleOf('zh-HK')).toBe('zh-Hant');
    expect(uiLocaleOf('zh-CN')).toBe('zh-Hans');
    expect(uiLocaleOf('zh')).toBe('zh-Hans');
    expect(uiLocaleOf('no')).toBe('nb');
    expect(uiLocaleOf('nn-NO')).toBe('nb');
    expect(uiLocaleOf('pt-BR')).toBe('pt');
  });
  it('falls back to English, skipping wildcards, q=0 and malformed tags', () => {
    expect(uiLocaleFromAcceptLanguage(undefined)).toBe('en');
    expect(uiLocaleFromAcceptLanguage('*, not a tag!!, ru')).toBe('en');
    expect(uiLocaleFromAcceptLanguage('de;q=0, x;q=abc')).toBe('en');
    expect(acceptedLanguages('fr-CH, fr;q=0.9, *;q=0.5')).toEqual(['fr-CH', 'fr']);
  });
});

describe('the locale dates and numbers follow', () => {
  it('is the browser’s regional variant of the console language', () => {
    expect(formatLocaleFor('en', 'en-US,en;q=0.9')).toBe('en-US');
    expect(formatLocaleFor('de', 'de-CH,en;q=0.5')).toBe('de-CH');
  });
  it('is the console language when the browser asks for another', () => {
    expect(formatLocaleFor('de', 'en-US')).toBe('de');
    expect(formatLocaleFor('en', undefined)).toBe('en-GB');
    expect(formatLocaleFor('zh-Hant', 'zh-TW')).toBe('zh-TW');
  });
});

describe('validTimeZone', () => {
  it('accepts IANA zones and refuses anything else', () => {
    expect(validTimeZone('Pacific/Kiritimati')).toBe('Pacific/Kiritimati');
    expect(validTimeZone('UTC')).toBe('UTC');
    expect(validTimeZone('Mars/Olympus')).toBeUndefined();
    expect(validTimeZone('')).toBeUndefined();
    expect(validTimeZone(42)).toBeUndefined();
  });
});
