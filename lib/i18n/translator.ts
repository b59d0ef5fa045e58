import { createTranslator } from 'next-intl';

import en from '@/lib/i18n/english';

import type { UiLocale } from './locales';
import { loadMessages, type Messages } from './messages';
import { translateSaid, validationSaid, type CatalogKey, type Said, type SaidValues, type Translate } from './said';

/** A translator of the whole catalog in `locale`, for code that runs outside a page (actions, route handlers). */
function translatorOf(locale: UiLocale, messages: Messages): Translate {
  const t = createTranslator({ locale, messages });
  return (key: CatalogKey, values?: SaidValues) => t(key, values);
}

/** English, loaded with the module: audit rows and logs are written in it, and plain-Node tests read it. */
export const inEnglish: Translate = translatorOf('en', en);

const byLocale = new Map<UiLocale, Promise<Translate>>([['en', Promise.resolve(inEnglish)]]);

/** The translator of a language, its catalog loaded once per process. */
export function translatorFor(locale: UiLocale): Promise<Translate> {
  let t = byLocale.get(locale);
  if (!t) {
    t = loadMessages(locale).then((messages) => translatorOf(locale, messages));
    byLocale.set(locale, t);
  }
  return t;
}

/**
 * Whether a catalog has a message at `key`. A message is its text or, in the built app, the text
 * compiled when the app was built (an array: next.config.mjs, `precompile`); a namespace is an object.
 */
export function catalogHas(catalog: object, key: string): boolean {
  let node: unknown = catalog;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || Array.isArray(node) || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' || Array.isArray(node);
}

/** Whether the English catalog has a key (every language has the same keys: `catalogs.test.ts`). */
export function hasKey(key: CatalogKey): boolean {
  return catalogHas(en, key);
}

/** A zod issue's message in English: a schema's own (`validationMessage()`) written out, any other as it is (the command line's). */
export function issueInEnglish(message: string): string {
  const s = validationSaid(message, hasKey);
  return s ? translateSaid(inEnglish, s) : message;
}

export type { Said };
