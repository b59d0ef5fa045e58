'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

/**
 * Reads the page again just after a held change is due: it then shows the change as Guest Book
 * holds it, or why it was refused (a sent change also reaches the page by the change feed).
 */
export function HeldRefresh({ due }: { due: string }) {
  const router = useRouter();
  useEffect(() => {
    const timer = setTimeout(() => router.refresh(), Math.max(0, Date.parse(due) - Date.now()) + 1_500);
    return () => clearTimeout(timer);
  }, [due, router]);
  return null;
}
