import type { ReactNode } from 'react';

import { ClientMessages } from '@/components/i18n/client-messages';

/**
 * The route's client components receive its own catalogs besides the shared ones. The search
 * needs no booking words in the browser: a new reservation and a reservation's page add them
 * (their own layout.tsx).
 */
export default function Layout({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces={['reservations']}>{children}</ClientMessages>;
}
