/**
 * Reservations: search and view, booking (availability, holds and their release), the CSV
 * export and its limits, and the global search across reservations, entities and delegates.
 * Searches and reservations inside the window the sync keeps are answered from that copy
 * (from-copy.ts), and the console's own writes are kept in it at once.
 *
 * This index is server-only. `reservations/export-limits` and `reservations/reservations-csv`
 * are free of `server-only`; the bench imports export-limits directly.
 */

export { bookingContext, explainEmptySearch, readOptions, readVenues } from './booking';
export { keepWrittenInCopy } from './from-copy';
export { searchEverything } from './global-search';
export { releaseHoldFor } from './hold-release';
export {
  getReservation,
  otherReservationFields,
  readSearchPage,
  recentSearchTotal,
  reservationChanged,
  seatingAreaNames,
  venueNames,
  venuesToday,
  reservationElsewhere,
  viewReservation,
} from './reservations';
export {
  csvStart,
  exportFilename,
  exportPacer,
  ExportInputSchema,
  exportReservations,
  overCap,
  readExportInput,
} from './reservations-export';
export { CANCEL_RESERVATION, cancelReservationIn } from './cancel';
export { composedRefusal } from './refusals';
export {
  checkHeldChange,
  HOLD_RESERVATION_CHANGE,
  modifiedView,
  UPDATE_RESERVATION,
  updateReservationIn,
  withHeld,
} from './update';
