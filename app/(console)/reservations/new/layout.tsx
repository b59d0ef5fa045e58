import type { ReactNode } from 'react';

import { ClientMessages } from '@/components/i18n/client-messages';

/** A new reservation's flow: its client components say the booking catalog's words (and the guests catalog's, for the guest looked up) besides the route's. */
export default function Layout({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces={['reservations', 'booking', 'guests']}>{children}</ClientMessages>;
}
