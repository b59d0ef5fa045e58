'use client';

import { useRouter } from 'next/navigation';
import type { ComponentProps, FocusEvent, PointerEvent, TouchEvent } from 'react';

import { Link } from './link';

/**
 * A link to a record's page (a row of a list) that fetches that page's loading state, its heading
 * and skeleton but no page read, when the pointer, a finger or the focus comes to it, so that the
 * click shows the record's own skeleton at once. Prefetching every row in view instead would cost
 * the server a render per row.
 */
export function IntentLink({
  href,
  onPointerEnter,
  onFocus,
  onTouchStart,
  ...props
}: Omit<ComponentProps<typeof Link>, 'href' | 'prefetch'> & { href: string }) {
  const router = useRouter();
  const prefetch = () => router.prefetch(href);
  return (
    <Link
      href={href}
      onPointerEnter={(e: PointerEvent<HTMLAnchorElement>) => {
        prefetch();
        onPointerEnter?.(e);
      }}
      onFocus={(e: FocusEvent<HTMLAnchorElement>) => {
        prefetch();
        onFocus?.(e);
      }}
      onTouchStart={(e: TouchEvent<HTMLAnchorElement>) => {
        prefetch();
        onTouchStart?.(e);
      }}
      {...props}
    />
  );
}
