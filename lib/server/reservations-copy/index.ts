/**
 * The window of reservations: per entity context, the reservations from today to the end of the
 * overview's 14 days (at the venues' dates) kept in the dashboard's database. `syncWindowTurn`
 * is one turn of its sync (what it read, what it cost, and each change it found, for the change
 * feed); `keepInCopy` keeps the console's own writes in it at once; `searchCopy` answers a reservation search from the copy with the API's own results, or
 * says it cannot (null: the caller asks the API); the API's last answers to the searches it cannot
 * answer are kept, shown again while current (`currentSearchAnswer`, `currentReservationInAnswers`)
 * and for when the budget has no room (`lastSearchAnswer`), and so is each
 * entity's whole book of reservations (`readBook`, kept in step by its window's turns), for the
 * searches the window cannot answer. Free of `server-only`: the sync loop and the
 * tests import it in plain Node.
 */
export { BOOK_READ_EVERY_MS, BOOK_UNWATCHED_EVERY_MS, bookContext, bookDue, readBook, type BookRead } from './book';
export {
  currentReservationInAnswers,
  currentSearchAnswer,
  keepSearchAnswer,
  lastSearchAnswer,
  reviseSearchAnswers,
  type StoredPage,
} from './answers';
export { keepInCopy } from './patch';
export { changedFields, type FieldChange } from './rows';
export { contextHolding, findInCopy, insideWindow, searchCopy, searchCopyAll, type CopyPage } from './search';
export { syncWindowTurn, type TurnOptions, type TurnReport, type WindowChange } from './sync';
export { dropUnwatchedWindows, NOTE_EVERY_MS, noteWatched, watchedAmong, WATCHED_FOR_MS } from './watched';
export {
  CREATED_OVERLAP_MS,
  EVERY_DAY,
  FULL_READ_EVERY_MS,
  NEAR_DAYS,
  WINDOW_DAYS,
  windowFrom,
  windowOf,
  type WindowDays,
  type WindowState,
} from './window';
