import NextLink from 'next/link';
import type { ComponentProps } from 'react';

/**
 * next/link for the console: no prefetch unless asked for. Console pages are dynamic and read the
 * API, so a prefetch (of each link in view) would render a page, and spend the request budget,
 * for a page nobody opened: an overview's figures link to a dozen searches. The navigation and a
 * record's link fetch a page down to its `loading.tsx` only (the layout's shell and the page's
 * skeleton, no page read) as the pointer, a finger or the focus reaches them (`prefetchOnIntent`).
 */
export function Link({ prefetch = false, ...props }: ComponentProps<typeof NextLink>) {
  return <NextLink prefetch={prefetch} {...props} />;
}
