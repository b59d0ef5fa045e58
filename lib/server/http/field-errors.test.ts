import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import { validationMessage } from '@/lib/i18n/said';
import { translatorFor } from '@/lib/i18n/translator';

vi.mock('server-only', () => ({}));
vi.mock('../auth/auth', () => ({ verifySession: async () => null }));
vi.mock('../audit/audit', () => ({ recordAudit: async () => undefined }));
const { fieldErrorsOf } = await import('./action');

describe('a refused input named field by field', () => {
  const Name = z.strictObject({
    name: z
      .string()
      .trim()
      .min(1, { error: validationMessage('enterName') })
      .max(5, { error: validationMessage('atMostChars', 5) }),
  });

  it('gives a refused input its field errors in German on the server, in English by default', async () => {
    const refused = Name.safeParse({ name: 'Harbourvine' });
    expect(refused.success).toBe(false);
    if (refused.success) return;
    expect(fieldErrorsOf(refused.error)).toEqual({ name: ['At most 5 characters.'] });
    const de = await translatorFor('de');
    const german = de('validation.atMostChars', { n: 5 });
    expect(german).not.toBe('At most 5 characters.');
    expect(fieldErrorsOf(refused.error, de)).toEqual({ name: [german] });
  });
});
