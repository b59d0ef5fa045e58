'use client';

import dynamic from 'next/dynamic';

/**
 * The toasts' live region (`ToastRegion` of ./toaster, with sonner), loaded once the page is up
 * instead of with its first scripts: nothing is announced before a person acts.
 */
export const ToastRegion = dynamic(() => import('./toaster').then((m) => m.ToastRegion), { ssr: false });
