'use client';

import * as AlertDialogPrimitive from '@radix-ui/react-alert-dialog';
import { useTranslations } from 'next-intl';
import { useState, type ReactNode, type RefObject } from 'react';

import { buttonVariants } from './button';
import { cn } from './cn';
import { MODAL_OVERLAY, MODAL_PANEL } from './floating';
import { InertApp } from './inert-app';
import { useOpenState } from './open-only';

/**
 * Asks before something destructive or hard to undo. The dialog names what will happen; the
 * safe choice has the focus when it opens; Escape cancels; focus goes back to the trigger.
 * `onConfirm` may be async: the dialog stays open, busy, until it settles, and closes unless it
 * returns `false` (the caller shows why). Its panel is in the page only while open (./open-only).
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  cancelLabel,
  tone = 'danger',
  onConfirm,
  open: controlledOpen,
  onOpenChange,
  returnFocusTo,
}: {
  trigger?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  tone?: 'danger' | 'primary';
  onConfirm: () => void | boolean | Promise<void | boolean>;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** where focus goes on close when the dialog has no trigger of its own */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const t = useTranslations('ui.confirm');
  const [open, setOpenState] = useOpenState(controlledOpen, onOpenChange);
  const [busy, setBusy] = useState(false);
  const setOpen = (next: boolean) => {
    if (!busy) setOpenState(next);
  };
  async function confirm() {
    setBusy(true);
    try {
      const result = await onConfirm();
      if (result !== false) setOpenState(false);
    } finally {
      setBusy(false);
    }
  }
  return (
    <AlertDialogPrimitive.Root open={open} onOpenChange={setOpen}>
      {trigger && <AlertDialogPrimitive.Trigger asChild>{trigger}</AlertDialogPrimitive.Trigger>}
      {open && (
        <AlertDialogPrimitive.Portal>
          <AlertDialogPrimitive.Overlay className={MODAL_OVERLAY} />
          <AlertDialogPrimitive.Content
            onCloseAutoFocus={(event) => {
              if (!returnFocusTo?.current) return;
              event.preventDefault();
              returnFocusTo.current.focus();
            }}
            className={cn(
              MODAL_PANEL,
              'top-1/2 left-1/2 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg p-5',
            )}
          >
            <InertApp />
            <AlertDialogPrimitive.Title className="text-base font-semibold text-slate-900">
              {title}
            </AlertDialogPrimitive.Title>
            <AlertDialogPrimitive.Description asChild>
              <div className="mt-2 text-sm text-slate-600">{description}</div>
            </AlertDialogPrimitive.Description>
            <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <AlertDialogPrimitive.Cancel className={buttonVariants({ variant: 'secondary' })} disabled={busy}>
                {cancelLabel ?? t('keep')}
              </AlertDialogPrimitive.Cancel>
              <button
                type="button"
                className={buttonVariants({ variant: tone })}
                disabled={busy}
                aria-busy={busy || undefined}
                onClick={(event) => {
                  event.preventDefault();
                  void confirm();
                }}
              >
                {busy ? t('busy', { label: confirmLabel }) : confirmLabel}
              </button>
            </div>
          </AlertDialogPrimitive.Content>
        </AlertDialogPrimitive.Portal>
      )}
    </AlertDialogPrimitive.Root>
  );
}
