import type { ComponentProps, ReactNode } from 'react';

import { cn } from './cn';

/** The surface every card has: a link shaped as a card uses it too. */
export const cardClass = 'min-w-0 rounded-lg bg-surface shadow-sm ring-1 ring-slate-200';

/**
 * A panel of a page: an optional title and actions over its body. `flush` leaves the body without
 * padding, for a scroll box that runs to the card's edges.
 */
export function Card({
  title,
  actions,
  children,
  className,
  bodyClassName,
  flush = false,
  ...props
}: Omit<ComponentProps<'section'>, 'title'> & {
  title?: ReactNode;
  actions?: ReactNode;
  bodyClassName?: string;
  flush?: boolean;
}) {
  return (
    <section className={cn([cardClass, flush && 'overflow-hidden'], className)} {...props}>
      {(title || actions) && (
        <header className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b border-slate-100 px-4 py-3 sm:px-5">
          {title && <h2 className="text-sm font-semibold text-slate-800">{title}</h2>}
          {actions}
        </header>
      )}
      <div className={cn(!flush && 'px-4 py-4 sm:px-5', bodyClassName)}>{children}</div>
    </section>
  );
}
