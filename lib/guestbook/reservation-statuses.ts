/**
 * The reservation status values used in the spec's filter examples (the complete set is not
 * shown, so responses parse any string). Kept free of zod so browser code can import it cheaply.
 */
export const RESERVATION_STATUSES = ['pending', 'confirmed', 'completed', 'canceled', 'no_show'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

/** A status the console knows by name (a later one the API adds is shown as it spells it). */
export const isKnownStatus = (status: string): status is ReservationStatus =>
  (RESERVATION_STATUSES as readonly string[]).includes(status);

/** Statuses after which the API accepts neither a change nor a cancellation. */
export const FINAL_STATUSES = ['canceled', 'completed', 'no_show'] as const;
export const isFinalStatus = (status: string) => (FINAL_STATUSES as readonly string[]).includes(status);
