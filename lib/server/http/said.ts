import 'server-only';

import { translateSaid, type Said } from '@/lib/i18n/said';
import { translatorFor } from '@/lib/i18n/translator';

import { getUiLocale } from './locale';

/** A Said in this request's reader's language: the member's, else their browser's. */
export async function inReadersLanguage(s: Said): Promise<string> {
  const t = await translatorFor(await getUiLocale());
  return translateSaid(t, s);
}
