'use client';

import { useSyncExternalStore } from 'react';
import { toast, Toaster } from 'sonner';

type Tone = 'success' | 'error' | 'info';

/** The one place outcomes are announced: "saved", "applied", "cancelled". Callable from any client component. */
export function notify(text: string, tone: Tone = 'success'): void {
  (tone === 'error' ? toast.error : tone === 'info' ? toast.info : toast.success)(text);
}

/** The theme the account menu set as a class on <html>, or the system's. */
function subscribeToTheme(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}
function themeOfPage(): 'light' | 'dark' | 'system' {
  const root = document.documentElement.classList;
  return root.contains('dark') ? 'dark' : root.contains('light') ? 'light' : 'system';
}

/** Mounted once in the console layout: a polite live region for `notify`. */
export function ToastRegion() {
  const theme = useSyncExternalStore(subscribeToTheme, themeOfPage, () => 'system' as const);
  return <Toaster theme={theme} position="bottom-right" closeButton richColors />;
}
