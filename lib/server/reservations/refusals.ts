import 'server-only';

import type { UiLocale } from '../../i18n/locales';
import { said, type CatalogKey, type SaidValues, type Translate } from '../../i18n/said';
import { inEnglish, translatorFor } from '../../i18n/translator';
import { ActionError, getUiLocale } from '../http';

/**
 * A refusal whose values are written in the reader's own language and its conventions (a list
 * joined "a, b and c" by Intl.ListFormat, which a Said's catalog separator cannot give): `fill`
 * writes them with a translator and its locale. The member reads the whole in their language;
 * its audit row (the error's message) is in English.
 */
export async function composedRefusal(
  key: CatalogKey,
  fill: (t: Translate, locale: UiLocale) => SaidValues,
  reason?: string,
): Promise<ActionError> {
  const locale = await getUiLocale();
  const e = new ActionError(said(key, fill(await translatorFor(locale), locale)), undefined, 422, reason);
  e.message = inEnglish(key, fill(inEnglish, 'en'));
  return e;
}
