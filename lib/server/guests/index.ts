/**
 * Guests: a guest's history with the partner (their reservations in every entity, counts, flags)
 * and staff's own notes and tags on a guest and on a reservation, kept in the dashboard's database
 * and never sent to the API. `guestNotesFor` and `reservationTagsFor` answer many guests or
 * reservations in one query, and `guestFlagsFor` their flags from the copy with no API request (a
 * day's list shows them on each row). Server-only; `guests/store` is
 * free of it (the tests import it directly).
 */
import 'server-only';

import { getDb } from '../db';
import { guestFlagsFor as flagsIn } from './flags';
import { guestNotesFor as notesIn, reservationTagsFor as tagsIn } from './store';

export { guestHistory, HISTORY_MAX } from './history';
export {
  addGuestTag,
  addReservationTag,
  guestNotesOf,
  removeGuestTag,
  removeReservationTag,
  setGuestNote,
  TooManyTagsError,
} from './store';

/** e-mail (lower-cased) → the note and tags staff keep on that guest, for the guests that have any. */
export const guestNotesFor = async (emails: readonly string[]) => notesIn(await getDb(), emails);

/** reservation id → its tags, for the reservations that have any. */
export const reservationTagsFor = async (ids: readonly string[]) => tagsIn(await getDb(), ids);

/** e-mail (lower-cased) → the guest's flags as of `today` (the venue's date), from the dashboard's copy alone. */
export const guestFlagsFor = async (emails: readonly string[], today: string) => flagsIn(await getDb(), emails, today);
