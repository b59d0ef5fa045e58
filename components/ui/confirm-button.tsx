'use client';

import type { ReactNode } from 'react';

import { ConfirmDialog } from './alert-dialog';
import { Button, type ButtonProps } from './button';

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
 * undo; focus returns to the button when it closes.
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
  return (
    <ConfirmDialog
      trigger={
        <Button variant={variant} {...buttonProps}>
          {children}
        </Button>
      }
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      cancelLabel={cancelLabel}
      tone={tone ?? (variant === 'danger' ? 'danger' : 'primary')}
      onConfirm={onConfirm}
    />
  );
}
