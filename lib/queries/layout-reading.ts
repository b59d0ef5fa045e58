import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';

/**
 * Gives a query of the header each new reading a render of the layout carries (a refresh), newer
 * than the cache's, once. A reading that is the cache's own (the query's `initialData` as it
 * mounts) is not given again: setting it would change the query's store as the page's effects run,
 * and React would render the component anew at once, in that task. A reading already given is not
 * given again either (the effect runs when the reading changes): the cache may have read a newer
 * one since. `give` sets it (by default, in place of the cache's; the bell keeps the newer of the two).
 */
export function useLayoutReading<T>(
  queryKey: QueryKey,
  reading: T | null | undefined,
  give: (queryClient: QueryClient, reading: T) => void = (client, next) => client.setQueryData(queryKey, next),
): void {
  const queryClient = useQueryClient();
  const take = useEffectEvent((next: T) => {
    // the query's initial data, as it mounted (a cache filled before, on another page, takes it)
    if (queryClient.getQueryData(queryKey) !== next) give(queryClient, next);
  });
  useEffect(() => {
    if (reading != null) take(reading);
  }, [reading]);
}
