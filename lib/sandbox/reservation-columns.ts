import type { ReservationRecord } from './model';

/**
 * The columns of codes beside each sorted list of reservations (reservation-search.ts): the value of
 * each attribute a search reads, and one dictionary of distinct values per coded attribute.
 */

type Value = string | number | null;

/** The value of each attribute a reservation search filters or sorts on. */
export const RESERVATION_VALUE: Record<string, (r: ReservationRecord) => Value> = {
  status: (r) => r.status,
  date: (r) => r.date,
  created_at: (r) => r.created_at,
  venue_id: (r) => r.venue_id,
  program_id: (r) => r.program_id,
  party_size: (r) => r.party_size,
  locale: (r) => r.locale,
  guest_email: (r) => r.guest.email,
  guest_last_name: (r) => r.guest.last_name,
};

/**
 * Attributes with few distinct values (last names repeat too), kept as columns of codes beside
 * each sorted list: a condition on one is decided once per distinct value, and the walk reads a
 * table instead of calling a matcher on every record.
 */
export const CODED = ['status', 'date', 'venue_id', 'program_id', 'locale', 'party_size', 'guest_last_name'] as const;
export type CodedAttribute = (typeof CODED)[number];
export const isCoded = (attribute: string): attribute is CodedAttribute =>
  (CODED as readonly string[]).includes(attribute);

/** Distinct values of one attribute, numbered in order of first appearance; a code never changes meaning. */
class Dictionary {
  readonly values: Value[] = [];
  readonly #codes = new Map<Value, number>();

  code(value: Value): number {
    let code = this.#codes.get(value);
    if (code === undefined) {
      code = this.values.length;
      this.values.push(value);
      this.#codes.set(value, code);
    }
    return code;
  }
}

export type ReservationDictionaries = Record<CodedAttribute, Dictionary>;

/** One set of dictionaries per world, shared by all its sorted lists. */
export const reservationDictionaries = (): ReservationDictionaries =>
  Object.fromEntries(CODED.map((a) => [a, new Dictionary()])) as ReservationDictionaries;

/** Room for `length` codes per column, and some to spare for insertions. */
export const capacityFor = (length: number) => length + Math.max(64, length >>> 4);
export const newColumns = (capacity: number) =>
  Object.fromEntries(CODED.map((a) => [a, new Uint32Array(capacity)])) as Record<CodedAttribute, Uint32Array>;
