import type en from '@/messages/en.json';

import type { UiLocale } from './locales';

/**
 * The catalogs' shape, English's: `messages/<locale>.json`, one file per language with a
 * namespace per feature at its top (every language has English's keys: catalogs.test.ts).
 * next-intl checks the keys a component says against it (global.d.ts).
 */
export type Messages = typeof en;

const loaded = new Map<UiLocale, Promise<Messages>>();

/**
 * A language's whole catalog: read once per process (every request's configuration asks for it),
 * or on every call in development, where the catalogs are edited. Each language is its own
 * module, loaded when it is first asked for.
 */
export function loadMessages(locale: UiLocale): Promise<Messages> {
  if (process.env.NODE_ENV === 'development') return readCatalog(locale);
  let messages = loaded.get(locale);
  if (!messages) {
    messages = readCatalog(locale);
    loaded.set(locale, messages);
    messages.catch(() => loaded.delete(locale));
  }
  return messages;
}

async function readCatalog(locale: UiLocale): Promise<Messages> {
  return ((await import(`../../messages/${locale}.json`)) as { default: Messages }).default;
}
