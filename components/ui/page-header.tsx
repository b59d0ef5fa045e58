import type { ReactNode } from 'react';

import { Link } from '@/components/ui/link';

import { AsOfNote } from './as-of-note';
import { cn } from './cn';

/** A page's title, what it is for, the way back and its actions: the same on every page. */
export function PageHeader({
  title,
  description,
  back,
  actions,
  asOf,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  back?: { href: string; label: string };
  actions?: ReactNode;
  /** the page shows answers read at this time, not now (readApi's `asOf`, e.g. `oldestAsOf(a, b)`): says so, with a Refresh */
  asOf?: { at: Date; label: string };
  className?: string;
}) {
  return (
    <header className={cn('space-y-1', className)}>
      {back && (
        <Link href={back.href} className="inline-flex min-h-6 items-center text-sm text-brand-700 hover:underline">
          <span aria-hidden="true">←&nbsp;</span>
          {back.label}
        </Link>
      )}
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3">
        <div className="min-w-0">
          <h1 className="text-xl font-semibold break-words text-slate-900">{title}</h1>
          {description && <div className="mt-1 text-sm text-slate-600">{description}</div>}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
      {asOf && <AsOfNote asOf={asOf} />}
    </header>
  );
}
