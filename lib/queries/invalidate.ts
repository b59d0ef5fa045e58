import type { QueryClient } from '@tanstack/react-query';

import { queryKeys } from './keys';

/**
 * After a reservation of `context` (the selected entity) was canceled or modified: every page of
 * that entity's searches (a row's status, date, party or guest may have changed, and with them
 * the rows and totals of a filtered search), its overview "today" block (counts, covers, next
 * arrivals), the global search's answers (a guest's name or e-mail may have changed) and the
 * request budget the change spent. Other entities' searches and entity logos are left alone.
 */
export function invalidateAfterReservationChange(queryClient: QueryClient, context: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.reservationSearches(context) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.overviewToday(context) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.globalSearches() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.requestBudget() }),
  ]);
}

/**
 * After an allocation apply or restore: no client query holds seats (the grid and the
 * overview's allocation figures are rendered by the server and re-read by the page's refresh),
 * so only the request budget its reads and PUTs spent.
 */
export function invalidateAfterAllocationChange(queryClient: QueryClient): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: queryKeys.requestBudget() });
}
