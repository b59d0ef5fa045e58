import type { ReactNode } from 'react';

import { cn } from './cn';

/**
 * Where a form or a page says what came of an action: in the page from the start, so that a screen
 * reader announces what appears in it, and taking no room while it is empty (not even the margin a
 * `space-y-*` parent gives its children, which would open a gap above the first field).
 */
export function LiveRegion({
  children,
  className,
  ...rest
}: {
  children?: ReactNode;
  className?: string;
  'data-testid'?: string;
}) {
  return (
    <div aria-live="polite" className={cn('empty:mb-0', className)} {...rest}>
      {children}
    </div>
  );
}
