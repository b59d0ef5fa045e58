/** Stands for a row's reservation id in the address that opens it beside the list (the sheet's `openHref`). */
export const OPEN_ID = 'reservation-id';
