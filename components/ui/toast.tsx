'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';

import { whenRegionListens } from './toast-ready';

type Tone = 'success' | 'error' | 'warning' | 'info';

/**
 * sonner, once the toasts' region listens: no page needs it to show, so it is not among a page's
 * first scripts. The region (./toaster, loaded when the browser is first idle) brings the same
 * module, so by the time a person acts both are there; a toast asked for sooner brings the region
 * and shows when it listens.
 */
const sonner = () => Promise.all([import('sonner'), whenRegionListens()]).then(([module]) => module);

/**
 * The one place outcomes are announced: every write ends here, "saved", "applied", "cancelled"
 * (success), a refusal with its reason (error, beside the message a form shows at its fields), or
 * a partial result saying what was done and what was not (warning). Callable from any client component.
 */
export function notify(text: ReactNode, tone: Tone = 'success'): void {
  void sonner().then(({ toast }) => toast[tone](text));
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
  void sonner().then(({ toast }) =>
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
    }),
  );
}
