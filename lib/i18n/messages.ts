import type { Messages } from '@/messages/en';

import type { UiLocale } from './locales';
import { NAMESPACES } from './namespaces';

/** A language's whole catalog, namespace by namespace. */
export async function loadMessages(locale: UiLocale): Promise<Messages> {
  const parts = await Promise.all(
    NAMESPACES.map(
      async (ns) =>
        [ns, ((await import(`../../messages/${locale}/${ns}.json`)) as { default: unknown }).default] as const,
    ),
  );
  return Object.fromEntries(parts) as Messages;
}
