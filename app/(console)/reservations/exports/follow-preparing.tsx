'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

/** How often the page is rendered again while an export is being prepared (a read of the dashboard's database, no API request). */
const PROGRESS_EVERY_MS = 2_000;

/**
 * While one of the member's exports is being prepared and the page is in view, renders the page
 * again every PROGRESS_EVERY_MS, so its reservations so far count up. Its end comes at once over
 * the change feed (LiveRefresh), whichever comes first.
 */
export function FollowPreparing({ preparing }: { preparing: boolean }) {
  const router = useRouter();
  useEffect(() => {
    if (!preparing) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') router.refresh();
    }, PROGRESS_EVERY_MS);
    return () => clearInterval(timer);
  }, [preparing, router]);
  return null;
}
