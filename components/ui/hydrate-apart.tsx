import { Activity, type ReactNode } from 'react';

/**
 * A part of a page that React hydrates on its own, after the page around it and at a priority it
 * may interrupt, so that the browser is free between the parts. React hydrates everything outside
 * such parts in one task: on a console page that task held the frame's and the page's components
 * together. The part is in the server's HTML in its place and shows at once; a click or a key in
 * it before it is hydrated hydrates it first and is then handled.
 *
 * An Activity boundary, not a Suspense one: React hydrates both apart, but it sends a Suspense
 * boundary of more than 500 bytes, on a page whose HTML before it passes 12.8 kB (every console
 * page), after the rest of the page, for a script to move into place.
 */
export function HydrateApart({ children }: { children: ReactNode }) {
  return <Activity mode="visible">{children}</Activity>;
}
