/** Dispatched on window to open the global search (⌘K) from elsewhere, e.g. the `/` shortcut. */
export const OPEN_SEARCH_EVENT = 'gb:open-search';
