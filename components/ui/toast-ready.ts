/**
 * Whether the toasts' region is on the page, for `notify` (./toast) to wait for: the region comes
 * when the browser is first idle after the page loads (./toast-region), or at once when a toast is
 * asked for sooner, and a toast given before it listens would be lost.
 */
let regions = 0;
let waiting: (() => void)[] = [];
const askers = new Set<() => void>();
let asked = false;

/** Called by the region once it listens; returns what its leaving calls. */
export function regionListening(): () => void {
  regions += 1;
  const now = waiting;
  waiting = [];
  now.forEach((resolve) => resolve());
  return () => void (regions -= 1);
}

/** Resolves once a region listens, asking for one if none is there yet. */
export function whenRegionListens(): Promise<void> {
  if (regions > 0) return Promise.resolve();
  if (!asked) {
    asked = true;
    askers.forEach((ask) => ask());
  }
  return new Promise((resolve) => waiting.push(resolve));
}

/** For the region's placeholder: whether a toast has been asked for, and when it is. */
export const regionAsked = () => asked;
export function onRegionAsked(ask: () => void): () => void {
  askers.add(ask);
  return () => void askers.delete(ask);
}
