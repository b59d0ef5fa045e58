'use client';

import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';

import { cn } from './cn';
import { MODAL_OVERLAY, MODAL_PANEL } from './floating';
import { InertApp } from './inert-app';
import { ModalHeader } from './sheet';

export const DialogClose = DialogPrimitive.Close;

/**
 * A dialog near the top of the screen, a title and its ✕ over what it holds: focus kept inside,
 * Escape and the ✕ close it, focus goes back to what opened it. Its panel is in the page only while
 * open (see `OpenOnly` in ./open-only).
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  closeLabel,
  testId,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  closeLabel?: string;
  testId?: string;
  children: ReactNode;
}) {
  const t = useTranslations('common');
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className={MODAL_OVERLAY} />
          <DialogPrimitive.Content
            aria-describedby={undefined}
            data-testid={testId}
            className={cn(
              MODAL_PANEL,
              'inset-x-3 top-12 mx-auto max-h-[80vh] max-w-md overflow-y-auto rounded-xl p-5 sm:inset-x-auto sm:left-1/2 sm:w-full sm:-translate-x-1/2',
            )}
          >
            <InertApp />
            <ModalHeader title={title} closeLabel={closeLabel ?? t('close')} className="text-base" />
            {children}
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      )}
    </DialogPrimitive.Root>
  );
}
