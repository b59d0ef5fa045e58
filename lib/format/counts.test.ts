import { describe, expect, it } from 'vitest';

import { UI_LOCALES } from '@/lib/i18n/locales';

import { countStyleOf, PLAIN_COUNTS, writeCount } from './counts';

/** Counts around each place a locale may start grouping, and large ones. */
const COUNTS = [0, 7, 42, 999, 1000, 1428, 9999, 10000, 12345, 99999, 100000, 123456, 1234567, 12345678, 987654321];

describe('writeCount', () => {
  // the console's languages, and locales a member's browser may ask for that group otherwise
  const locales = [...UI_LOCALES, 'de-CH', 'fr-CH', 'en-IN', 'hi-IN', 'es-ES', 'pl-PL', 'ar-EG', 'fa-IR', 'bn-BD'];
  for (const locale of locales) {
    it(`${locale}: writes a count as Intl.NumberFormat does`, () => {
      const style = countStyleOf(locale);
      const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
      for (const n of [...COUNTS, ...COUNTS.map((c) => -c).filter((c) => c !== 0)])
        expect(writeCount(n, style), `${locale} ${n}`).toBe(intl.format(n));
    });
  }

  it('groups as each language does', () => {
    expect(writeCount(12345, countStyleOf('en'))).toBe('12,345');
    expect(writeCount(12345, countStyleOf('de'))).toBe('12.345');
    expect(writeCount(1428, countStyleOf('es'))).toBe('1428');
    expect(writeCount(12345, countStyleOf('es'))).toBe('12.345');
    expect(writeCount(1234567, countStyleOf('en-IN'))).toBe('12,34,567');
  });

  it('writes a number that is not whole as it is', () => {
    expect(writeCount(2.5, PLAIN_COUNTS)).toBe('2.5');
    expect(writeCount(Number.NaN, PLAIN_COUNTS)).toBe('NaN');
  });

  it('is plain English before a style arrives', () => {
    expect(writeCount(1234567, PLAIN_COUNTS)).toBe('1,234,567');
  });
});
