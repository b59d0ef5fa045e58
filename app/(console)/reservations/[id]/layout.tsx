import type { ReactNode } from 'react';

import { ClientMessages } from '@/components/i18n/client-messages';

/** A reservation's page: Modify and Cancel say the booking catalog's words, the guest's card the guests catalog's, besides the route's. */
export default function Layout({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces={['reservations', 'booking', 'guests']}>{children}</ClientMessages>;
}
