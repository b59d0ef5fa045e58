import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';

import { UI_LOCALES } from '@/lib/i18n/locales';
import { loadMessages } from '@/lib/i18n/messages';
import { inEnglish } from '@/lib/i18n/translator';

import type { BulkKind } from './bulk-run';

/*
 * A bulk run's messages are whole sentences per kind (`ui.bulk.<kind>.*`). The English ones say
 * exactly what the dashboard said before they were (the e2e specs read "3 of 4 canceled.",
 * "2 of 2 changed."), and every language writes each one for every count.
 */

const KINDS: BulkKind[] = ['cancel', 'change'];

describe('bulk run messages', () => {
  it('in English, for reservations canceled', () => {
    expect(inEnglish('ui.bulk.cancel.allDone', { count: 1 })).toBe('1 reservation canceled.');
    expect(inEnglish('ui.bulk.cancel.allDone', { count: 3 })).toBe('3 reservations canceled.');
    expect(inEnglish('ui.bulk.cancel.someDone', { count: 1, total: 4 })).toBe(
      '1 of 4 reservations canceled; the others are listed with the reason.',
    );
    expect(inEnglish('ui.bulk.cancel.noneDone', { name: 'Ada Lovelace', reason: 'The API refused the change.' })).toBe(
      'Nothing was canceled: Ada Lovelace: The API refused the change.',
    );
    expect(inEnglish('ui.bulk.cancel.summary', { count: 3, total: 4 })).toBe('3 of 4 canceled.');
    expect(inEnglish('ui.bulk.cancel.summary', { count: 1, total: 1 })).toBe('1 of 1 canceled.');
    expect(inEnglish('ui.bulk.cancel.progress', { done: 2, total: 5 })).toBe('Canceled 2 of 5…');
  });

  it('in English, for team members changed', () => {
    expect(inEnglish('ui.bulk.change.allDone', { count: 1 })).toBe('1 member changed.');
    expect(inEnglish('ui.bulk.change.allDone', { count: 2 })).toBe('2 members changed.');
    expect(inEnglish('ui.bulk.change.someDone', { count: 2, total: 3 })).toBe(
      '2 of 3 members changed; the others are listed with the reason.',
    );
    expect(inEnglish('ui.bulk.change.noneDone', { name: 'a@example.com', reason: 'No.' })).toBe(
      'Nothing was changed: a@example.com: No.',
    );
    expect(inEnglish('ui.bulk.change.summary', { count: 2, total: 2 })).toBe('2 of 2 changed.');
    expect(inEnglish('ui.bulk.change.progress', { done: 1, total: 2 })).toBe('Changed 1 of 2…');
  });

  it('every language writes every kind for every count, the row rich text included', async () => {
    for (const locale of UI_LOCALES) {
      const t = createTranslator({ locale, messages: await loadMessages(locale) });
      for (const kind of KINDS) {
        for (const count of [0, 1, 2, 3, 5, 11, 22, 101]) {
          const total = count + 2;
          for (const text of [
            t(`ui.bulk.${kind}.allDone`, { count }),
            t(`ui.bulk.${kind}.someDone`, { count, total }),
            t(`ui.bulk.${kind}.summary`, { count, total }),
            t(`ui.bulk.${kind}.progress`, { done: count, total }),
          ]) {
            expect(text, `${locale} ${kind} ${count}`).toContain(String(count));
            expect(text).not.toMatch(/[{}]/);
          }
        }
        const row = t.rich(`ui.bulk.${kind}.rowDone`, { b: (chunks) => `[${String(chunks)}]`, name: 'N' });
        expect(String(row), `${locale} ${kind}`).toMatch(/^\[N\]/);
        expect(t(`ui.bulk.${kind}.noneDone`, { name: 'N', reason: 'R' })).toMatch(/N.*R/);
      }
    }
  });
});
