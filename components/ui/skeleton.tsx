import { cn } from './cn';

/** A grey block where content will appear; hidden from assistive technology (the region says it is busy). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-slate-200', className)} />;
}
