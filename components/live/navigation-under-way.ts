/**
 * Whether the member asked for another page of the console (a link, a shortcut, ⌘K) that has not
 * come yet. The router runs what is asked after a navigation (a page's refresh) before it shows
 * the new page, so a page that follows the change feed does not refresh meanwhile: that would hold
 * the member's click back, to render a page they are leaving.
 */
let leaving: { from: string; at: number } | null = null;

/** Past this, a navigation that did not change the address (it failed, or was refused) is over. */
const LONGEST_MS = 15_000;

export function navigationStarted(): void {
  leaving = { from: location.href, at: performance.now() };
}

export function navigationUnderWay(): boolean {
  if (leaving && location.href === leaving.from && performance.now() - leaving.at < LONGEST_MS) return true;
  leaving = null;
  return false;
}
