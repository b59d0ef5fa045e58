/** Presence on a reservation's page and on the grid, as the browser and the server both name it. */
import { UUID_PATTERN } from '../guestbook/ids';

/** A member seen at the same place in the last minute. */
export interface Present {
  name: string;
  editing: boolean;
}

/** A place a page names: the grid, or one reservation's page. */
export const PRESENCE_PLACE = new RegExp(`^(allocations|reservation:${UUID_PATTERN})$`);

/** How often an open page says it is still there (well within the 60 s a beat counts). */
export const PRESENCE_BEAT_MS = 20_000;
