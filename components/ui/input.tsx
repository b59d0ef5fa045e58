import type { InputHTMLAttributes, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

import { cn } from './cn';

/**
 * The one look of a text control: inputs, selects and text areas share it (`.control` in
 * app/globals.css, with a select's room for its arrow and a text area's height).
 */
export const controlClass = 'control';

/** A utility class given to a control wins over `.control` by its cascade layer, so nothing needs merging. */
function withControl(className: string | undefined): string {
  return className ? `${controlClass} ${className}` : controlClass;
}

export function Input({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={withControl(className)} {...props} />;
}

export function Textarea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={withControl(className)} {...props} />;
}

/**
 * A native select: on phones it opens the system picker, which beats any custom list for
 * one-handed use, and it costs no JavaScript.
 */
export function Select({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={withControl(className)} {...props} />;
}

export function Checkbox({ className, ...props }: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <input type="checkbox" className={cn('size-4 rounded border-slate-300 accent-brand-600', className)} {...props} />
  );
}
