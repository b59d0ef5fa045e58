import type { ReactNode } from 'react';

import { cn } from './cn';
import { TONE_CLASSES, type Tone } from './tone';

/** A notice's classes for a tone: one conflict-free list (see cn). */
export function noticeClasses(tone: Tone): string {
  return `rounded-lg px-4 py-3 text-sm ring-1 ring-inset ${TONE_CLASSES[tone]}`;
}

/**
 * A message in the page. `role` is the caller's: `alert` for a failure the user must see now,
 * `status` for an outcome, none for a standing note.
 */
export function Notice({
  tone = 'neutral',
  title,
  children,
  role,
  className,
  ...rest
}: {
  tone?: Tone;
  title?: ReactNode;
  children?: ReactNode;
  role?: 'alert' | 'status';
  className?: string;
  'data-testid'?: string;
}) {
  return (
    <div role={role} className={cn(noticeClasses(tone), className)} {...rest}>
      {title && <p className="font-semibold">{title}</p>}
      {children && <div className={cn(title && 'mt-1')}>{children}</div>}
    </div>
  );
}
