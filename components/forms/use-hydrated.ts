import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False in the server's HTML, true once the page's JavaScript runs. A form's submit button waits
 * for it: pressed earlier, it would post the form natively, to no handler.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
