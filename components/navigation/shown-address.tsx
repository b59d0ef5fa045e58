'use client';

import { useEffect } from 'react';

/**
 * Makes the browser's address say what the page shows, when the page showed its default for an
 * address that named nothing: replaced in place, with no new entry in the history and no new
 * request (Next's router follows a native replaceState).
 */
export function ShownAddress({ href }: { href: string }) {
  useEffect(() => {
    window.history.replaceState(null, '', href);
  }, [href]);
  return null;
}
