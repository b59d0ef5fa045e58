/**
 * A reservation search an audit row recorded (a saved view's or an export's address, in the API's
 * filter syntax) as staff read it: "Date is on or after 1 Dec 2026; Status is any of Confirmed,
 * Pending". Pure: the words come from the reader's catalog, formatter and the directory's names.
 */
import type { Condition, FilterValue } from '../guestbook/filters';
import type { ReservationStatus } from '../guestbook/reservation-statuses';
import { listedValueWords, modifierKey } from '../reservations/filter-words';
import { parseReservationSearch } from '../reservations/search-query';

export interface SearchWords {
  /** "Status", "Date", … (reservations.filters.attribute) */
  attribute: (attribute: string) => string;
  /** "is", "is on or after", … (reservations.filters.modifier) */
  modifier: (key: string) => string;
  /** one condition: its attribute, modifier and value in the language's order */
  condition: (parts: { attribute: string; modifier: string; value: string }) => string;
  /** what joins the conditions, and the values of a list */
  separator: string;
  listSeparator: string;
  /** a search without conditions */
  everything: string;
  status: (status: ReservationStatus) => string;
  locale: (code: string) => string;
  day: (iso: string) => string;
  moment: (iso: string) => string;
  /** a venue's or program's name; null when the reader's directory does not know it */
  venue: (id: string) => string | null;
  program: (id: string) => string | null;
  otherVenue: string;
  otherProgram: string;
}

function valueWords(attribute: string, v: FilterValue, w: SearchWords): string {
  const s = String(v);
  switch (attribute) {
    case 'status':
    case 'locale':
      return listedValueWords(attribute, s, w);
    case 'date':
      return w.day(s);
    case 'created_at':
      return w.moment(s);
    case 'venue_id':
      return w.venue(s) ?? w.otherVenue;
    case 'program_id':
      return w.program(s) ?? w.otherProgram;
    default:
      return s;
  }
}

function conditionWords(c: Condition, w: SearchWords): string {
  const modifier = modifierKey(c.attribute, c.modifier);
  const values = Array.isArray(c.value) ? c.value : [c.value];
  return w.condition({
    attribute: w.attribute(c.attribute),
    modifier: w.modifier(modifier),
    value: values.map((v) => valueWords(c.attribute, v, w)).join(w.listSeparator),
  });
}

/**
 * The conditions of a recorded search in words; null when it is not one that parses (it is then
 * shown as recorded). The sort and the page are left out: they do not change what was chosen.
 */
export function searchWords(query: string, w: SearchWords): string | null {
  const { conditions, problems } = parseReservationSearch(new URLSearchParams(query.replace(/^\?/, '')), [
    'sort',
    'page',
    'limit',
    'only',
  ]);
  if (problems.length) return null;
  return conditions.length ? conditions.map((c) => conditionWords(c, w)).join(w.separator) : w.everything;
}
