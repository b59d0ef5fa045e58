'use client';

import { createContext, useCallback, useContext, type ReactNode } from 'react';

import { PLAIN_COUNTS, writeCount, type CountStyle } from '@/lib/format/counts';

const CountStyleContext = createContext<CountStyle>(PLAIN_COUNTS);

/** How the member's locale writes a count, read by the server (`countStyleOf`), for the client components below. */
export function CountStyleProvider({ style, children }: { style: CountStyle; children: ReactNode }) {
  return <CountStyleContext value={style}>{children}</CountStyleContext>;
}

/**
 * Writes a count as the member's locale does ("12.345"), with no Intl formatter: a message that a
 * client component says as its page loads takes its counts written by this (`{countLabel}`).
 */
export function useCount(): (n: number) => string {
  const style = useContext(CountStyleContext);
  return useCallback((n: number) => writeCount(n, style), [style]);
}
