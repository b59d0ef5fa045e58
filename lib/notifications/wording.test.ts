import { describe, expect, it } from 'vitest';

import { createFormatter } from '../format';
import type { CatalogKey } from '../i18n/said';
import { translatorFor } from '../i18n/translator';
import { openKey, whatHappened, type InboxWords } from './wording';

async function inboxWords(locale: 'en' | 'de'): Promise<InboxWords> {
  const t = await translatorFor(locale);
  return (key, values) => t(`inbox.${key}` as CatalogKey, values);
}

const format = createFormatter('en', 'UTC');

describe('an inbox item in the member’s words', () => {
  it('says an export is ready, or why it stopped, and leads to the member’s exports', async () => {
    const en = await inboxWords('en');
    const ready = { kind: 'export.finished' as const, data: { done: 1204, total: 1204, failure: null } };
    expect(whatHappened(ready, en, format)).toBe('Your export of 1,204 reservations is ready to download.');
    expect(whatHappened({ ...ready, data: { done: 1, total: 1 } }, en, format)).toBe(
      'Your export of 1 reservation is ready to download.',
    );
    const stopped = {
      kind: 'export.finished' as const,
      data: { done: 300, total: 900, failure: 'The partner’s request budget is used up.' },
    };
    expect(whatHappened(stopped, en, format)).toBe(
      'Your export stopped after 300 of 900 reservations: The partner’s request budget is used up.',
    );
    expect(en(openKey(ready))).toBe('Open your exports');
    expect(whatHappened(ready, await inboxWords('de'), format)).toBe(
      'Ihr Export von 1.204 Reservierungen ist bereit zum Herunterladen.',
    );
  });

  it('words a bulk action that ended part-way by what it did: reservations canceled or team members changed', async () => {
    const en = await inboxWords('en');
    expect(whatHappened({ kind: 'bulk.ended_part_way', data: { bulk: 'cancel', done: 2, total: 3 } }, en, format)).toBe(
      'Your bulk cancel ended part-way: 2 of 3 reservations canceled; the others were refused or not tried.',
    );
    // An item raised before items recorded what the action did reads as a cancel's.
    expect(whatHappened({ kind: 'bulk.ended_part_way', data: { done: 2, total: 3 } }, en, format)).toContain(
      'reservations canceled',
    );
    expect(whatHappened({ kind: 'bulk.ended_part_way', data: { bulk: 'change', done: 1, total: 4 } }, en, format)).toBe(
      'Your change of several team members ended part-way: 1 of 4 members changed; the others were refused or not tried.',
    );
  });
});
