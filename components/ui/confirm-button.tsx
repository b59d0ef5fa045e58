'use client';

import { useEffect, useRef, useState, type ComponentProps, type ReactNode } from 'react';

import { Button, type ButtonProps } from './button';
import { onFirstUse, useLoaded } from './lazy';

const loadDialog = onFirstUse(() => import('./alert-dialog').then((m) => m.ConfirmDialog));

export interface ConfirmButtonProps extends Omit<ButtonProps, 'onClick' | 'asChild' | 'title'> {
  /** what the dialog asks, e.g. "Cancel this reservation?" */
  title: ReactNode;
  /** what will happen, named: who, what, whether it can be undone */
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  tone?: 'danger' | 'primary';
  /** runs on confirm; the dialog stays open and busy until it settles, and stays open if it returns false */
  onConfirm: () => void | boolean | Promise<void | boolean>;
}

/**
 * A button that asks first, in an alert dialog, before it does something destructive or hard to
 * undo. The dialog's code loads on the first click; focus returns to the button when it closes.
 */
export function ConfirmButton({
  title,
  description,
  confirmLabel,
  cancelLabel,
  tone,
  onConfirm,
  children,
  variant = 'danger',
  ...buttonProps
}: ConfirmButtonProps) {
  const [Dialog, load] = useLoaded(loadDialog);
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={buttonRef}
        variant={variant}
        aria-haspopup="dialog"
        onPointerEnter={() => void load()}
        onClick={() => void load().then(() => setOpen(true))}
        {...buttonProps}
      >
        {children}
      </Button>
      {Dialog && (
        <Dialog
          open={open}
          onOpenChange={setOpen}
          returnFocusTo={buttonRef}
          title={title}
          description={description}
          confirmLabel={confirmLabel}
          cancelLabel={cancelLabel}
          tone={tone ?? (variant === 'danger' ? 'danger' : 'primary')}
          onConfirm={onConfirm}
        />
      )}
    </>
  );
}

/**
 * A confirmation opened by something other than a button (a select's change): shown while `open`,
 * its code loaded when it first opens.
 */
export function LazyConfirmDialog({
  open,
  ...props
}: Omit<ComponentProps<typeof import('./alert-dialog').ConfirmDialog>, 'trigger'> & { open: boolean }) {
  const [Dialog, load] = useLoaded(loadDialog);
  useEffect(() => {
    if (open) void load();
  }, [open, load]);
  return Dialog ? <Dialog open={open} {...props} /> : null;
}
