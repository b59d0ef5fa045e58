import type { ComponentProps, ReactNode } from 'react';

import { cn } from './cn';

/** The surface every card has: a link shaped as a card uses it too. */
export const cardClass = 'min-w-0 rounded-lg bg-surface shadow-sm ring-1 ring-slate-200';

/**
 * A panel of a page: an optional title and actions over its body. `flush` leaves the body without
 * padding, for a scroll box that runs to the card's edges. `offScreen` lets a card of a long page
 * skip its style, layout and paint while it is away from the screen (`content-visibility: auto`),
 * standing in at `height` (then at the height it last had) until it nears the screen; printed, it is
 * drawn whole.
 */
export function Card({
  title,
  actions,
  children,
  className,
  bodyClassName,
  flush = false,
  offScreen,
  style,
  ...props
}: Omit<ComponentProps<'section'>, 'title'> & {
  title?: ReactNode;
  actions?: ReactNode;
  bodyClassName?: string;
  flush?: boolean;
  offScreen?: { height: string };
}) {
  return (
    <section
      className={cn(
        [
          cardClass,
          flush && 'overflow-hidden',
          offScreen && '[content-visibility:auto] print:[content-visibility:visible]',
        ],
        className,
      )}
      style={offScreen ? { containIntrinsicSize: `auto ${offScreen.height}`, ...style } : style}
      {...props}
    >
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
