'use client';

import { useTranslations } from 'next-intl';
import { useSyncExternalStore, type ReactNode } from 'react';
import { toast, Toaster } from 'sonner';

type Tone = 'success' | 'error' | 'warning' | 'info';

/**
 * The one place outcomes are announced: every write ends here, "saved", "applied", "cancelled"
 * (success), a refusal with its reason (error, beside the message a form shows at its fields), or
 * a partial result saying what was done and what was not (warning). Callable from any client component.
 */
export function notify(text: ReactNode, tone: Tone = 'success'): void {
  ({ success: toast.success, error: toast.error, warning: toast.warning, info: toast.info })[tone](text);
}

/** A toast's own words (rendered inside the toast region, so in the member's language). */
function ToastText({ id }: { id: 'undo' | 'undoing' | 'undone' }) {
  const t = useTranslations('ui.toast');
  return t(id);
}

/** How long a change can be taken back from its toast. */
export const UNDO_MS = 10_000;

/**
 * A change that can be taken back for a few seconds: the toast offers Undo, which runs `undo` (the
 * same guarded action, with the old values) and announces how it ended, a refusal with its reason.
 */
export function notifyUndoable(text: string, undo: () => Promise<{ ok: true } | { ok: false; error: string }>): void {
  toast.success(text, {
    duration: UNDO_MS,
    action: {
      label: <ToastText id="undo" />,
      onClick: () => {
        const undone = undo().then((r) => (r.ok ? r : Promise.reject(new Error(r.error))));
        toast.promise(undone, {
          loading: <ToastText id="undoing" />,
          success: <ToastText id="undone" />,
          error: (e: Error) => e.message,
        });
      },
    },
  });
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
  const t = useTranslations('ui.toast');
  const theme = useSyncExternalStore(subscribeToTheme, themeOfPage, () => 'system' as const);
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
