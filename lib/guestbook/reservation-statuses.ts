/**
 * The reservation status values used in the spec's filter examples (the complete set is not
 * shown, so responses parse any string). Kept free of zod so browser code can import it cheaply.
 */
export const RESERVATION_STATUSES = ['pending', 'confirmed', 'completed', 'canceled', 'no_show'] as const;
