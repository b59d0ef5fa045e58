import { cva } from 'class-variance-authority';
import type { ReactNode } from 'react';

import { cn } from './cn';

type BadgeTone = 'neutral' | 'green' | 'amber' | 'red' | 'blue' | 'violet';

const badgeVariants = cva(
  'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
  {
    variants: {
      tone: {
        neutral: 'bg-slate-100 text-slate-700 ring-slate-200',
        green: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
        amber: 'bg-amber-50 text-amber-800 ring-amber-200',
        red: 'bg-rose-50 text-rose-800 ring-rose-200',
        blue: 'bg-sky-50 text-sky-800 ring-sky-200',
        violet: 'bg-violet-50 text-violet-800 ring-violet-200',
      } satisfies Record<BadgeTone, string>,
    },
    defaultVariants: { tone: 'neutral' },
  },
);

export function Badge({
  tone,
  children,
  title,
  className,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  title?: string;
  className?: string;
}) {
  return (
    <span title={title} className={cn(badgeVariants({ tone }), className)}>
      {children}
    </span>
  );
}
