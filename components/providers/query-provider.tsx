'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

/**
 * The console's QueryClient, for data the browser needs after the page loaded. Its only user so
 * far is the command menu, so it is mounted with the menu's lazily loaded chunk and costs no page
 * its JavaScript budget. Reads go through server actions and route handlers, never to the API.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } } }));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
