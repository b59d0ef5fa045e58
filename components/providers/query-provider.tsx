'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

/**
 * The console's one QueryClient, mounted by the console layout: the browser's cache of data it
 * reads after the page loaded (see docs/architecture.md, "Client-side queries"). Reads go through guarded
 * GET routes under app/api, never to the API. Each query opts into focus refetching itself.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } } }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
