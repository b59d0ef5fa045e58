'use client';

import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useTranslations } from 'next-intl';
import type { ComponentProps, ReactNode } from 'react';

import { cn } from './cn';
import { MODAL_OVERLAY, MODAL_PANEL } from './floating';
import { InertApp } from './inert-app';
import { OpenContext, OpenOnly } from './open-only';

/** A sheet the caller opens and closes; its panel is in the page only while open (./open-only). */
export function Sheet({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <OpenContext value={open}>{children}</OpenContext>
    </DialogPrimitive.Root>
  );
}
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;

/** A panel that slides in from the left edge: the navigation on narrow screens. */
export function SheetContent({
  title,
  children,
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { title: ReactNode }) {
  const t = useTranslations('ui');
  return (
    <OpenOnly>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={MODAL_OVERLAY} />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className={cn(MODAL_PANEL, 'inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col overflow-y-auto p-4', className)}
          {...props}
        >
          <InertApp />
          <ModalHeader title={title} closeLabel={t('closeMenu')} />
          <div className="mt-4 flex-1">{children}</div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </OpenOnly>
  );
}

/** A dialog's title and its ✕ button, as every dialog of the console has them. */
export function ModalHeader({
  title,
  closeLabel,
  className,
}: {
  title: ReactNode;
  closeLabel: string;
  className?: string;
}) {
  return (
    <div className="flex items-center justify-between">
      <DialogPrimitive.Title className={cn('text-sm font-semibold text-slate-900', className)}>
        {title}
      </DialogPrimitive.Title>
      <DialogPrimitive.Close
        className="inline-flex size-9 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100"
        aria-label={closeLabel}
      >
        <span aria-hidden="true">✕</span>
      </DialogPrimitive.Close>
    </div>
  );
}
