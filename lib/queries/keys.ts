/**
 * The cache keys of the console's client-side queries, in one place so that a mutation
 * invalidates exactly the queries it affects. Keys that depend on the selected entity carry
 * its id (the context the server reads in).
 */
export const queryKeys = {
  requestBudget: () => ['request-budget'] as const,
  overviewToday: (context: string) => ['overview-today', context] as const,
  /** every page of every reservation search in one entity's context */
  reservationSearches: (context: string) => ['reservations', context] as const,
  reservationSearch: (context: string, query: string, page: number, limit: number) =>
    ['reservations', context, query, page, limit] as const,
  entityLogo: (entityId: string) => ['entity-logo', entityId] as const,
  globalSearches: () => ['global-search'] as const,
  globalSearch: (q: string) => ['global-search', q] as const,
  /** a guest's history and staff's notes, by e-mail (lower-cased) */
  guestHistory: (email: string) => ['guest-history', email] as const,
  /** who else has the page at `place` open (`allocations`, `reservation:<id>`), beating as editing or not */
  presence: (place: string, editing: boolean) => [...queryKeys.presenceAt(place), editing] as const,
  /** every presence query of `place`, editing or not: what a presence event invalidates */
  presenceAt: (place: string) => ['presence', place] as const,
  /** the bell's figure: the signed-in member's unread notifications */
  inboxUnread: () => ['inbox-unread'] as const,
  /** the signed-in member's bulk actions run on the server: the one running and the outcomes not closed */
  bulkJobs: () => ['bulk-jobs'] as const,
};
