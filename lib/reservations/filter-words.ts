/**
 * How the reservation search's conditions are worded, wherever staff read one: the filter
 * builder's rows and a recorded search on Activity or Your exports (lib/activity/search-words.ts).
 * Framework-free: each caller gives its own words.
 */
import { RESERVATION_FILTERS, type Modifier } from '../guestbook/filters';
import { isKnownStatus, type ReservationStatus } from '../guestbook/reservation-statuses';

const RANGE_TYPES = new Set(['date', 'timestamp']);

/** The catalog key naming a modifier of an attribute (reservations.filters.modifier): a date's bounds read "on or after", "on or before". */
export function modifierKey(attribute: string, modifier: Modifier): Modifier | 'gteDate' | 'lteDate' {
  const type = (RESERVATION_FILTERS as Record<string, { type: string }>)[attribute]?.type;
  return (modifier === 'gte' || modifier === 'lte') && type && RANGE_TYPES.has(type) ? `${modifier}Date` : modifier;
}

/** A value of a listed attribute as staff read it: a status in their words, a language as the caller names it. */
export function listedValueWords(
  attribute: string,
  value: string,
  words: { status: (status: ReservationStatus) => string; locale: (code: string) => string },
): string {
  if (attribute === 'status') return isKnownStatus(value) ? words.status(value) : value;
  if (attribute === 'locale') return words.locale(value);
  return value;
}
