/**
 * One result of the console's global search (⌘K), as the server sends it to the menu: the data
 * of its line, which the menu writes in the member's language (`shell.search.hit.*`).
 */
export type SearchHit =
  | (HitLink & { kind: 'entity'; title: string; /** it has an organization (org-bound token) */ provisioned: boolean })
  | (HitLink & { kind: 'delegate'; title: string; /** as the API spells it: active, suspended */ status: string })
  | (HitLink & {
      kind: 'reservation';
      /** the guest's name; null for a reservation without a guest */
      title: string | null;
      date?: string;
      /** HH:MM */
      time?: string;
      partySize?: number;
      /** as the API spells it: confirmed, no_show… */
      status: string;
    });

interface HitLink {
  id: string;
  href: string;
}

/** The API is asked only from this many characters. */
export const GLOBAL_SEARCH_MIN_LENGTH = 2;
