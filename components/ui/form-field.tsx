import { useTranslations } from 'next-intl';
import { Children, cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';

import { readValidationMessage } from '@/lib/i18n/said';

import { cn } from './cn';

interface ControlProps {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

/**
 * A label, its control, an optional description and an error, wired together: the control gets
 * the label's `id`, `aria-describedby` naming the description and the error, and `aria-invalid`
 * while there is an error. An error a shared schema gives (`validationMessage()` of lib/i18n/said) is written in
 * the member's language here; one the server sent is already.
 */
export function FormField({
  label,
  description,
  error,
  className,
  id,
  children,
}: {
  label: ReactNode;
  description?: ReactNode;
  error?: string;
  className?: string;
  /** the control's id, when something else must refer to it */
  id?: string;
  children: ReactElement<ControlProps>;
}) {
  const t = useTranslations();
  const generated = useId();
  error = error && readValidationMessage(error, t);
  const controlId = id ?? children.props.id ?? generated;
  const descriptionId = description ? `${controlId}-description` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy =
    [children.props['aria-describedby'], descriptionId, errorId].filter(Boolean).join(' ') || undefined;
  const control = Children.only(children);
  return (
    <div className={cn('space-y-1', className)}>
      <label htmlFor={controlId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {isValidElement(control) &&
        cloneElement(control, {
          id: controlId,
          'aria-describedby': describedBy,
          'aria-invalid': error ? true : undefined,
        })}
      {description && (
        <p id={descriptionId} className="text-xs text-slate-500">
          {description}
        </p>
      )}
      {error && (
        <p id={errorId} data-testid={errorId} className="text-xs text-rose-700">
          {error}
        </p>
      )}
    </div>
  );
}
