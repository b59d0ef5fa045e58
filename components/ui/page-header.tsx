import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';

import { Link } from '@/components/ui/link';

import { AsOfNote, type AsOfProp } from './as-of-note';
import { cn } from './cn';

/** A page above this one: a link in the breadcrumb trail. */
export interface Crumb {
  href: string;
  label: ReactNode;
}

/** A page's title, what it is for, the way back (the pages above it) and its actions: the same on every page. */
export function PageHeader({
  title,
  description,
  trail,
  actions,
  asOf,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  /** the pages above this one, outermost first */
  trail?: Crumb[];
  actions?: ReactNode;
  /** the page shows answers read at this time, not now (readApi's `asOf`, e.g. `oldestAsOf(a, b)`): says so, with a Refresh */
  asOf?: AsOfProp;
  className?: string;
}) {
  const t = useTranslations('ui');
  return (
    <header className={cn('space-y-1', className)}>
      {trail && trail.length > 0 && (
        <nav aria-label={t('breadcrumb')}>
          <ol className="flex flex-wrap items-center gap-x-1 text-sm">
            {trail.map((crumb, i) => (
              <li key={crumb.href} className="inline-flex min-w-0 items-center gap-x-1">
                {i > 0 && (
                  <span aria-hidden="true" className="text-slate-400">
                    ›
                  </span>
                )}
                <Link
                  href={crumb.href}
                  className="inline-flex min-h-6 min-w-0 items-center break-words text-brand-700 hover:underline"
                >
                  {/* i18n-ignore: a decorative arrow, hidden from assistive technology */}
                  {i === 0 && <span aria-hidden="true">←&nbsp;</span>}
                  {crumb.label}
                </Link>
              </li>
            ))}
          </ol>
        </nav>
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
