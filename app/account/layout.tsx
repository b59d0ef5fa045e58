import type { ReactNode } from 'react';

import { ClientMessages } from '@/components/i18n/client-messages';

/** The route's client components receive its own catalogs besides the shared ones. */
export default function Layout({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces={['account', 'settings', 'notificationPreferences']}>{children}</ClientMessages>;
}
