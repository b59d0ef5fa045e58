import type { Messages } from '@/messages/en';

import type { UiLocale } from './locales';
import { NAMESPACES } from './namespaces';

const loaded = new Map<UiLocale, Promise<Messages>>();

/**
 * A language's whole catalog, namespace by namespace: read once per process (every request's
 * configuration asks for it), or on every call in development, where the catalogs are edited.
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
  const parts = await Promise.all(
    NAMESPACES.map(
      async (ns) =>
        [ns, ((await import(`../../messages/${locale}/${ns}.json`)) as { default: unknown }).default] as const,
    ),
  );
  return Object.fromEntries(parts) as Messages;
}
