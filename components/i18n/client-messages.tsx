import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';

import type { Namespace } from '@/lib/i18n/namespaces';

/** What every page's client components may say: the shared words, the design system, the console's frame, the forms' checks. */
const EVERYWHERE = ['common', 'ui', 'shell', 'validation'] as const satisfies readonly Namespace[];

/**
 * The catalogs the browser receives for what it wraps: those every page uses and the route's
 * own. A server component reads any namespace on the server; only client components need theirs
 * sent, and sending every namespace would put the whole catalog in each page load.
 */
export async function ClientMessages({
  namespaces,
  children,
}: {
  namespaces: readonly Namespace[];
  children: ReactNode;
}) {
  const messages = await getMessages();
  const sent = Object.fromEntries([...EVERYWHERE, ...namespaces].map((ns) => [ns, messages[ns]])) as Partial<
    typeof messages
  >;
  return <NextIntlClientProvider messages={sent as typeof messages}>{children}</NextIntlClientProvider>;
}
