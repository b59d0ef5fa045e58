import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names; a later argument's Tailwind class wins over an earlier argument's class of
 * the same property (`cn('px-3 py-2', 'px-4')` is `py-2 px-4`).
 *
 * Each argument is one conflict-free list, as a component's base classes are. When only one
 * argument has classes, nothing can conflict, so it is returned as it is: tailwind-merge builds
 * its class map on its first merge (tens of milliseconds on a phone), and a page that merges
 * nothing while it starts never pays for it.
 */
export function cn(...inputs: ClassValue[]): string {
  const lists = inputs.map((input) => clsx(input)).filter(Boolean);
  return lists.length > 1 ? twMerge(...lists) : (lists[0] ?? '');
}
