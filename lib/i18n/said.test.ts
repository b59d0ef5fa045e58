import compile from 'icu-minify/compile';
import { describe, expect, it } from 'vitest';

import en from '@/messages/en.json';

import {
  readValidationMessage,
  said,
  saidList,
  storableSaid,
  storedSaid,
  translateSaid,
  validationMessage,
  validationSaid,
} from './said';
import { catalogHas, hasKey, inEnglish, translatorFor } from './translator';

/** A catalog as the build ships it: each message compiled (next.config.mjs, `precompile`). */
function compiled(node: unknown): unknown {
  if (typeof node === 'string') return compile(node);
  return Object.fromEntries(Object.entries(node as Record<string, unknown>).map(([k, v]) => [k, compiled(v)]));
}

describe('a schema message (v) is written in the reader language', () => {
  it('reads the key and its number back, and nothing else', () => {
    expect(validationSaid(validationMessage('atMostChars', 120), hasKey)).toEqual({
      key: 'validation.atMostChars',
      values: { n: 120 },
    });
    expect(validationSaid(validationMessage('enterName'), hasKey)).toEqual({ key: 'validation.enterName' });
    // zod's own messages, a sentence already written, a key of another namespace: kept as they are
    expect(validationSaid('Invalid input: expected string, received number', hasKey)).toBeNull();
    expect(validationSaid('Enter a name.', hasKey)).toBeNull();
    expect(validationSaid('notAKey', hasKey)).toBeNull();
  });

  it('finds a message with values in the catalog as the build compiles it', () => {
    const built = compiled(en) as object;
    // a message with a value compiles to an array, a plain one stays text
    expect(Array.isArray((built as typeof en).validation.atMostChars)).toBe(true);
    expect(catalogHas(built, 'validation.atMostChars')).toBe(true);
    expect(catalogHas(built, 'validation.enterName')).toBe(true);
    expect(catalogHas(built, 'validation')).toBe(false);
    expect(catalogHas(built, 'validation.atMostChars.0')).toBe(false);
    expect(catalogHas(built, 'validation.notAKey')).toBe(false);
  });

  it('translates a form error in the browser, and leaves a message the server already wrote', async () => {
    const de = await translatorFor('de');
    const t = Object.assign((key: Parameters<typeof de>[0], values?: Parameters<typeof de>[1]) => de(key, values), {
      has: hasKey,
    });
    expect(readValidationMessage(validationMessage('enterName'), t)).toBe(de('validation.enterName'));
    expect(readValidationMessage(validationMessage('enterName'), t)).not.toBe(inEnglish('validation.enterName'));
    expect(readValidationMessage('Bitte einen Namen eingeben.', t)).toBe('Bitte einen Namen eingeben.');
  });

  it('writes a Said with its values, plural included', () => {
    expect(inEnglish(said('validation.atLeastGuests', { n: 1 }).key, { n: 1 })).toBe('At least 1 guest.');
    expect(inEnglish('validation.atLeastGuests', { n: 2 })).toBe('At least 2 guests.');
  });
});

describe('a said message kept in the database', () => {
  const refusal = said('errors.session.needsRole', {
    needed: said('team.roleLabel.admin'),
    role: said('team.roleLabel.viewer'),
  });

  it('reads back as it was said, dates and lists too, and is written in any language', async () => {
    const at = new Date('2026-12-01T09:30:00Z');
    const withDate = said('errors.api.rateLimitedUntil', { time: at });
    const listed = said('errors.input.check', {
      summary: saidList([said('team.roleLabel.admin'), 'x'], 'reservations.errors.problemSeparator'),
    });
    for (const s of [refusal, withDate, listed]) {
      const stored = JSON.parse(JSON.stringify(storableSaid(s))) as unknown;
      expect(storedSaid(stored, hasKey)).toEqual(s);
    }
    const german = await translatorFor('de');
    const back = storedSaid(JSON.parse(JSON.stringify(storableSaid(refusal))), hasKey)!;
    expect(translateSaid(german, back)).toBe(translateSaid(german, refusal));
    expect(translateSaid(german, back)).not.toBe(translateSaid(inEnglish, refusal));
  });

  it('is not read back when it is not one, or names a key the catalog no longer holds', () => {
    for (const stored of [
      null,
      'Needs admin',
      { key: 'no.such.key' },
      { key: 'team.roleLabel.admin', values: 3 },
      { values: {} },
    ])
      expect(storedSaid(stored, hasKey)).toBeNull();
    expect(storedSaid({ key: 'errors.session.needsRole', values: { needed: { key: 'gone.key' } } }, hasKey)).toBeNull();
  });
});
