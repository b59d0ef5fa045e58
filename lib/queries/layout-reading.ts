import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

/**
 * Gives a query of the header each new reading a render of the layout carries (a refresh), newer
 * than the cache's, once. The first render's reading is the cache's own (the query's
 * `initialData`) and is not given again: setting it would change the query's store as the page's
 * effects run, and React would render the component anew at once, in that task. A reading already
 * given is not given again either: the cache may have read a newer one since.
 */
export function useLayoutReading<T>(queryKey: QueryKey, reading: T | null | undefined): void {
  const queryClient = useQueryClient();
  const given = useRef(reading);
  useEffect(() => {
    if (reading == null || given.current === reading) return;
    given.current = reading;
    queryClient.setQueryData(queryKey, reading);
  }, [reading, queryClient, queryKey]);
}
