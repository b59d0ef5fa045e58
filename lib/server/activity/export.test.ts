import { describe, expect, it, vi } from 'vitest';

import { translateSaid } from '@/lib/i18n/said';
import { inEnglish, translatorFor } from '@/lib/i18n/translator';

vi.mock('server-only', () => ({}));
vi.mock('../auth/auth', () => ({ verifySession: async () => null }));
vi.mock('../audit/audit', () => ({ recordAudit: async () => undefined }));
const { csvHeaderRow } = await import('./export');
const { ActionError } = await import('../http/action');
const { said } = await import('@/lib/i18n/said');

describe('the activity export in the member’s language', () => {
  it('heads the CSV with the columns’ names in English, and in the member’s language otherwise', async () => {
    expect(csvHeaderRow(inEnglish)).toBe(
      'at,staff,action,result,resource_type,resource_id,entity_id,message,before,after,times,last_at\r\n',
    );
    const de = csvHeaderRow(await translatorFor('de'));
    expect(de).toMatch(/\r\n$/);
    expect(de.trimEnd().split(',')).toHaveLength(12);
    expect(de).not.toBe(csvHeaderRow(inEnglish));
  });

  it('refuses too many rows with the counts written in the reader’s number format', async () => {
    const refusal = new ActionError(said('activity.errors.tooManyRows', { total: 123456, max: 100000 }));
    expect(refusal.message).toBe(
      'These filters match 123,456 rows; an export holds at most 100,000. Narrow the date range or pick a member or an action.',
    );
    const de = await translatorFor('de');
    const german = translateSaid(de, refusal.said);
    expect(german).toContain('123.456');
    expect(german).toContain('100.000');
  });
});
