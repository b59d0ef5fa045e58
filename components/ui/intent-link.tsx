'use client';

import { useLinkStatus } from 'next/link';
import { useRouter } from 'next/navigation';
import type { ComponentProps, FocusEvent, PointerEvent, TouchEvent } from 'react';

import { cn } from './cn';
import { Link } from './link';
import { Spinner } from './spinner';

/** Inside the link: a spinner beside it from the frame after the click until the record's page (or its skeleton) shows. */
function Pending() {
  return (
    <Spinner
      on={useLinkStatus().pending}
      testId="link-pending"
      className="pointer-events-none absolute top-1/2 left-full ml-1.5 -translate-y-1/2"
    />
  );
}

/**
 * The handlers that fetch `href`'s loading state (router.prefetch) when the pointer, a finger or
 * the focus comes to a link: in time for the click, without a render of every link in view.
 */
export function prefetchOnIntent(router: ReturnType<typeof useRouter>, href: string) {
  const prefetch = () => router.prefetch(href);
  return { onPointerEnter: prefetch, onFocus: prefetch, onTouchStart: prefetch };
}

/**
 * A link to a record's page (a row of a list) that fetches that page's loading state, its heading
 * and skeleton but no page read, when the pointer, a finger or the focus comes to it, so that the
 * click shows the record's own skeleton at once. Prefetching every row in view instead would cost
 * the server a render per row. Where the click comes before that (a tap right after the finger
 * lands), the link shows it is opening at once.
 */
export function IntentLink({
  href,
  onPointerEnter,
  onFocus,
  onTouchStart,
  className,
  children,
  ...props
}: Omit<ComponentProps<typeof Link>, 'href' | 'prefetch'> & { href: string }) {
  const intent = prefetchOnIntent(useRouter(), href);
  return (
    <Link
      href={href}
      onPointerEnter={(e: PointerEvent<HTMLAnchorElement>) => {
        intent.onPointerEnter();
        onPointerEnter?.(e);
      }}
      onFocus={(e: FocusEvent<HTMLAnchorElement>) => {
        intent.onFocus();
        onFocus?.(e);
      }}
      onTouchStart={(e: TouchEvent<HTMLAnchorElement>) => {
        intent.onTouchStart();
        onTouchStart?.(e);
      }}
      className={cn('relative', className)}
      {...props}
    >
      {children}
      <Pending />
    </Link>
  );
}
