/** One result of the console's global search (⌘K), as the server sends it to the menu. */
export interface SearchHit {
  kind: 'entity' | 'delegate' | 'reservation';
  id: string;
  title: string;
  detail: string;
  href: string;
}

/** The API is asked only from this many characters. */
export const GLOBAL_SEARCH_MIN_LENGTH = 2;
