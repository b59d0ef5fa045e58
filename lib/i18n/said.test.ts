import { describe, expect, it } from 'vitest';

import { readValidationMessage, said, v, validationSaid } from './said';
import { hasKey, inEnglish, translatorFor } from './translator';

describe('a schema message (v) is written in the reader language', () => {
  it('reads the key and its number back, and nothing else', () => {
    expect(validationSaid(v('atMostChars', 120), hasKey)).toEqual({
      key: 'validation.atMostChars',
      values: { n: 120 },
    });
    expect(validationSaid(v('enterName'), hasKey)).toEqual({ key: 'validation.enterName' });
    // zod's own messages, a sentence already written, a key of another namespace: kept as they are
    expect(validationSaid('Invalid input: expected string, received number', hasKey)).toBeNull();
    expect(validationSaid('Enter a name.', hasKey)).toBeNull();
    expect(validationSaid('notAKey', hasKey)).toBeNull();
  });

  it('translates a form error in the browser, and leaves a message the server already wrote', async () => {
    const de = await translatorFor('de');
    const t = Object.assign((key: Parameters<typeof de>[0], values?: Parameters<typeof de>[1]) => de(key, values), {
      has: hasKey,
    });
    expect(readValidationMessage(v('enterName'), t)).toBe(de('validation.enterName'));
    expect(readValidationMessage(v('enterName'), t)).not.toBe(inEnglish('validation.enterName'));
    expect(readValidationMessage('Bitte einen Namen eingeben.', t)).toBe('Bitte einen Namen eingeben.');
  });

  it('writes a Said with its values, plural included', () => {
    expect(inEnglish(said('validation.atLeastGuests', { n: 1 }).key, { n: 1 })).toBe('At least 1 guest.');
    expect(inEnglish('validation.atLeastGuests', { n: 2 })).toBe('At least 2 guests.');
  });
});
