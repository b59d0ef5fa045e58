import type { QueryClient } from '@tanstack/react-query';

import { idOf, PRESENCE_KIND, type ChangeEvent } from '../changes/events';
import { queryKeys } from './keys';
import { newerBell, type InboxUnread } from './reads';

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
 * overview's allocation figures are rendered by the server; the grid refreshes after an apply,
 * and a restore's answer carries its new render), so only the request budget its reads and PUTs
 * spent.
 */
export function invalidateAfterAllocationChange(queryClient: QueryClient): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: queryKeys.requestBudget() });
}

/**
 * After a change another member (or the sync) made, told by the change feed: a reservation's
 * change reaches every entity's searches, the overview's "today" blocks and the global search (a
 * member may have several contexts cached); an entity's, its logo and the global search. The
 * grid and the server-rendered pages follow with a refresh (components/live/live-follow.tsx). A
 * notification raised for the member: the bell's figure; a bulk action of theirs that ended: its
 * outcome. Another member arrived at a page, or started or stopped editing there: who is there.
 */
export function invalidateForChange(
  queryClient: QueryClient,
  event: Pick<ChangeEvent, 'kind' | 'ids'>,
): Promise<unknown> {
  if (event.kind.startsWith('reservation.'))
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: [queryKeys.reservationSearches('')[0]] }),
      queryClient.invalidateQueries({ queryKey: [queryKeys.overviewToday('')[0]] }),
      queryClient.invalidateQueries({ queryKey: queryKeys.globalSearches() }),
    ]);
  // An item raised for this member (the stream sends it to its recipient alone): the bell's figure.
  if (event.kind === 'notification.raised') return queryClient.invalidateQueries({ queryKey: queryKeys.inboxUnread() });
  // A bulk action of this member's ended (on any device): the header's outcome.
  if (event.kind === 'bulk.finished') return queryClient.invalidateQueries({ queryKey: queryKeys.bulkJobs() });
  if (event.kind === PRESENCE_KIND) {
    const place = idOf(event, 'place');
    return place ? queryClient.invalidateQueries({ queryKey: queryKeys.presenceAt(place) }) : Promise.resolve();
  }
  if (event.kind.startsWith('entity.')) {
    const entity = typeof event.ids.entity === 'string' ? event.ids.entity : null;
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.globalSearches() }),
      entity ? queryClient.invalidateQueries({ queryKey: queryKeys.entityLogo(entity) }) : null,
    ]);
  }
  return Promise.resolve();
}

/** Gives the bell a figure (a layout's, a triage's): it stays only where newer than the one held. */
export const giveBell = (queryClient: QueryClient, figure: InboxUnread) =>
  queryClient.setQueryData<InboxUnread>(queryKeys.inboxUnread(), (held) => newerBell(held, figure));
