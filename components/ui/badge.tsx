import type { ReactNode } from 'react';

import { cn } from './cn';
import { TONE_CLASSES, type Tone } from './tone';

/** A badge's classes for a tone: one conflict-free list (see cn). */
export function badgeClasses(tone: Tone): string {
  return `inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${TONE_CLASSES[tone]}`;
}

export function Badge({
  tone = 'neutral',
  children,
  title,
  className,
  wraps = false,
}: {
  tone?: Tone;
  children: ReactNode;
  title?: string;
  className?: string;
  /** on a phone, a long label (a language's name, a German status) wraps in a rounded box rather than run past the screen */
  wraps?: boolean;
}) {
  return (
    <span
      title={title}
      className={cn(badgeClasses(tone), wraps && 'max-sm:rounded-md max-sm:whitespace-normal', className)}
    >
      {children}
    </span>
  );
}
