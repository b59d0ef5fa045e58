/**
 * The reservation status values used in the spec's filter examples (the complete set is not
 * shown, so responses parse any string). Kept free of zod so browser code can import it cheaply.
 */
export const RESERVATION_STATUSES = ['pending', 'confirmed', 'completed', 'canceled', 'no_show'] as const;

/** Statuses after which the API accepts neither a change nor a cancellation. */
export const FINAL_STATUSES = ['canceled', 'completed', 'no_show'] as const;
export const isFinalStatus = (status: string) => (FINAL_STATUSES as readonly string[]).includes(status);
