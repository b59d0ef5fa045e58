'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useSyncExternalStore } from 'react';
import { Toaster } from 'sonner';

import { regionListening } from './toast-ready';

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

/** Mounted once in the console layout (through ./toast-region): a polite live region for `notify`. */
export function ToastRegion() {
  const t = useTranslations('ui.toast');
  const theme = useSyncExternalStore(subscribeToTheme, themeOfPage, () => 'system' as const);
  // after sonner's own effects (a child's run first): it listens for toasts from now on
  useEffect(() => regionListening(), []);
  return (
    <Toaster
      theme={theme}
      position="bottom-right"
      closeButton
      richColors
      containerAriaLabel={t('region')}
      toastOptions={{ closeButtonAriaLabel: t('close') }}
    />
  );
}
