import { cn } from './cn';

/**
 * A small turning ring in the text's colour, for "this is coming" (a link opening, a choice being
 * shown). Hidden from assistive technology: the control it sits in says it is busy.
 */
export function Spinner({ on, className, testId }: { on: boolean; className?: string; testId?: string }) {
  return (
    <span
      aria-hidden
      data-testid={on ? testId : undefined}
      className={cn(
        'size-3 shrink-0 rounded-full border-2 border-current border-t-transparent',
        on ? 'animate-spin opacity-100 motion-reduce:animate-none' : 'opacity-0',
        className,
      )}
    />
  );
}
