import type { InputHTMLAttributes, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

import { cn } from './cn';

/** The one look of a text control: inputs, selects and text areas share it (`.control` in app/globals.css). */
export const controlClass = 'control';

export function Input({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={cn(controlClass, className)} {...props} />;
}

export function Textarea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={cn(controlClass, 'min-h-20', className)} {...props} />;
}

/**
 * A native select: on phones it opens the system picker, which beats any custom list for
 * one-handed use, and it costs no JavaScript.
 */
export function Select({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={cn(controlClass, 'pr-8', className)} {...props} />;
}

export function Checkbox({ className, ...props }: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <input type="checkbox" className={cn('size-4 rounded border-slate-300 accent-brand-600', className)} {...props} />
  );
}
