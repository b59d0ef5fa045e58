'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

/**
 * A QueryClient for data the browser needs after the page loaded. It is mounted where such data
 * is read (the command menu's lazily loaded chunk, the logo uploader), not around the whole
 * console, so that pages without one carry none of its JavaScript. Reads go through server
 * actions and route handlers, never to the API.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } } }));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
