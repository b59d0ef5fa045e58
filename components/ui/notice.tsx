import { cva, type VariantProps } from 'class-variance-authority';
import type { ReactNode } from 'react';

import { cn } from './cn';

/** The one tone scale of the console; badges and notices use the same names. */
export type Tone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

const noticeVariants = cva('rounded-lg px-4 py-3 text-sm ring-1 ring-inset', {
  variants: {
    tone: {
      neutral: 'bg-slate-50 text-slate-800 ring-slate-200',
      info: 'bg-sky-50 text-sky-900 ring-sky-200',
      success: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
      warning: 'bg-amber-50 text-amber-900 ring-amber-200',
      danger: 'bg-rose-50 text-rose-900 ring-rose-200',
    } satisfies Record<Tone, string>,
  },
  defaultVariants: { tone: 'neutral' },
});

/**
 * A message in the page. `role` is the caller's: `alert` for a failure the user must see now,
 * `status` for an outcome, none for a standing note.
 */
export function Notice({
  tone,
  title,
  children,
  role,
  className,
  ...rest
}: VariantProps<typeof noticeVariants> & {
  title?: ReactNode;
  children?: ReactNode;
  role?: 'alert' | 'status';
  className?: string;
  'data-testid'?: string;
}) {
  return (
    <div role={role} className={cn(noticeVariants({ tone }), className)} {...rest}>
      {title && <p className="font-semibold">{title}</p>}
      {children && <div className={cn(title && 'mt-1')}>{children}</div>}
    </div>
  );
}
