import type { Condition } from '../guestbook/filters';
import type { ReservationRecord } from './model';
import { instantMatcher, matcher } from './query';
import {
  capacityFor,
  CODED,
  isCoded,
  newColumns,
  RESERVATION_VALUE,
  type CodedAttribute,
  type ReservationDictionaries,
} from './reservation-columns';

// Code-point order (not locale order): the values are ISO dates, enums and ids.
const cmp = (x: string | number, y: string | number) =>
  typeof x === 'number' && typeof y === 'number' ? x - y : x < y ? -1 : x > y ? 1 : 0;

export type ReservationOrder = (a: ReservationRecord, b: ReservationRecord) => number;

/** Ascending order by one field, ties by date, time and id; descending is the exact reverse. */
export function reservationOrder(field: string): ReservationOrder {
  const read = RESERVATION_VALUE[field]!;
  return (a, b) => cmp(read(a) ?? '', read(b) ?? '') || cmp(a.date, b.date) || cmp(a.time, b.time) || cmp(a.id, b.id);
}

/** The first index whose record is not before `r`. */
function lowerBound(rows: readonly ReservationRecord[], r: ReservationRecord, compare: ReservationOrder): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(rows[mid]!, r) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Beyond this many changes at once, one merge pass over the list is cheaper than moving it once per change. */
const IN_PLACE_CHANGES = 32;

/**
 * One entity's reservations in ascending order, with the coded columns. A change is noted at
 * once and applied at the next read: a few changes in place (a binary search, then a move of the
 * tail), many in one merge pass. Either way the next search after a booking costs far less than
 * sorting the list again.
 */
export class SortedReservations {
  #rows: ReservationRecord[];
  /** codes index for index with `#rows`; the arrays keep spare room at the end for insertions */
  #columns: Record<CodedAttribute, Uint32Array>;
  readonly #added = new Set<ReservationRecord>();
  readonly #removed = new Set<ReservationRecord>();

  constructor(
    rows: Iterable<ReservationRecord>,
    readonly compare: ReservationOrder,
    readonly dictionaries: ReservationDictionaries,
  ) {
    this.#rows = [...rows].sort(compare);
    this.#columns = newColumns(capacityFor(this.#rows.length));
    this.#rows.forEach((r, i) => this.#encode(r, i));
  }

  add(r: ReservationRecord): void {
    if (!this.#removed.delete(r)) this.#added.add(r);
  }

  remove(r: ReservationRecord): void {
    if (!this.#added.delete(r)) this.#removed.add(r);
  }

  get rows(): readonly ReservationRecord[] {
    this.#settle();
    return this.#rows;
  }

  /** The codes of one attribute, index for index with `rows`. */
  codes(attribute: CodedAttribute): Uint32Array {
    this.#settle();
    return this.#columns[attribute].subarray(0, this.#rows.length);
  }

  #encode(r: ReservationRecord, i: number): void {
    for (const a of CODED) this.#columns[a][i] = this.dictionaries[a].code(RESERVATION_VALUE[a]!(r));
  }

  #indexOf(r: ReservationRecord): number {
    const i = lowerBound(this.#rows, r, this.compare);
    // A record is never changed in place, so the binary search finds it; the scan is a safety net.
    return this.#rows[i] === r ? i : this.#rows.indexOf(r);
  }

  #settle(): void {
    const changes = this.#added.size + this.#removed.size;
    if (changes === 0) return;
    const removed = [...this.#removed]
      .map((r) => this.#indexOf(r))
      .filter((i) => i >= 0)
      .sort((a, b) => a - b);
    const added = [...this.#added].sort(this.compare);
    this.#added.clear();
    this.#removed.clear();
    if (changes <= IN_PLACE_CHANGES) this.#changeInPlace(removed, added);
    else this.#merge(removed, added);
  }

  #changeInPlace(removedAt: number[], added: ReservationRecord[]): void {
    const rows = this.#rows;
    for (const i of removedAt.reverse()) {
      rows.splice(i, 1);
      for (const a of CODED) this.#columns[a].copyWithin(i, i + 1, rows.length + 1);
    }
    for (const r of added) {
      const i = lowerBound(rows, r, this.compare);
      if (rows.length === this.#columns.status.length) this.#grow(rows.length + 1);
      for (const a of CODED) this.#columns[a].copyWithin(i + 1, i, rows.length);
      rows.splice(i, 0, r);
      this.#encode(r, i);
    }
  }

  #grow(length: number): void {
    const columns = newColumns(capacityFor(length));
    for (const a of CODED) columns[a].set(this.#columns[a].subarray(0, this.#rows.length));
    this.#columns = columns;
  }

  /** One pass: the kept rows copied in runs, each added record placed where its binary search says. */
  #merge(removedAt: number[], added: ReservationRecord[]): void {
    const rows = this.#rows;
    const columns = this.#columns;
    // Positions in the old list: a removed record still standing there does not change them.
    const insertAt = added.map((r) => lowerBound(rows, r, this.compare));
    const length = rows.length - removedAt.length + added.length;
    const next: ReservationRecord[] = new Array<ReservationRecord>(length);
    this.#columns = newColumns(capacityFor(length));
    let from = 0;
    let to = 0;
    let skip = 0;
    const copyUntil = (end: number) => {
      while (from < end) {
        const stop = Math.min(end, removedAt[skip] ?? end);
        for (const a of CODED) this.#columns[a].set(columns[a].subarray(from, stop), to);
        for (let k = from; k < stop; k++) next[to++] = rows[k]!;
        from = stop;
        if (from < end && from === removedAt[skip]) {
          from++;
          skip++;
        }
      }
    };
    added.forEach((r, k) => {
      copyUntil(insertAt[k]!);
      this.#encode(r, to);
      next[to++] = r;
    });
    copyUntil(rows.length);
    this.#rows = next;
  }
}

/** date[gte], date[lte] and date[eq]: on a list sorted by date, a binary search bounds what they accept. */
const isDateBound = (c: Condition) =>
  c.attribute === 'date' && (c.modifier === 'gte' || c.modifier === 'lte' || c.modifier === 'eq');

/** The index range of a date-sorted list holding exactly the records the date bounds accept. */
function dateWindow(sorted: readonly ReservationRecord[], bounds: readonly Condition[]): [number, number] {
  let from = 0;
  let to = sorted.length;
  const lowerBoundOf = (d: string, strict: boolean) => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (strict ? sorted[mid]!.date <= d : sorted[mid]!.date < d) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  for (const c of bounds) {
    const d = String(c.value);
    if (c.modifier === 'gte' || c.modifier === 'eq') from = Math.max(from, lowerBoundOf(d, false));
    if (c.modifier === 'lte' || c.modifier === 'eq') to = Math.min(to, lowerBoundOf(d, true));
  }
  return [from, Math.max(from, to)];
}

/**
 * One page of the entity's reservations matching every condition, and how many match in all.
 * Walks the list once, keeping only the page. On a date-sorted list the date bounds become a
 * window; conditions on coded attributes read a table of which codes match; the others
 * (created_at, guest_email) test each record.
 */
export function searchReservations(
  sorted: SortedReservations,
  conditions: readonly Condition[],
  sortField: string,
  descending: boolean,
  paging: { page: number; limit: number },
): { rows: ReservationRecord[]; total: number } {
  const rows = sorted.rows;
  const byDate = sortField === 'date';
  const [from, to] = byDate ? dateWindow(rows, conditions.filter(isDateBound)) : [0, rows.length];
  const codes: Uint32Array[] = [];
  const matching: Uint8Array[] = [];
  const checks: ((r: ReservationRecord) => boolean)[] = [];
  for (const cond of conditions) {
    if (byDate && isDateBound(cond)) continue;
    if (cond.attribute === 'created_at') {
      const test = instantMatcher(cond);
      checks.push((r) => test(r.created_at));
      continue;
    }
    const test = matcher(cond, cond.attribute.startsWith('guest_'));
    if (isCoded(cond.attribute)) {
      codes.push(sorted.codes(cond.attribute));
      matching.push(Uint8Array.from(sorted.dictionaries[cond.attribute].values, (v) => (test(v) ? 1 : 0)));
    } else {
      const read = RESERVATION_VALUE[cond.attribute]!;
      checks.push((r) => test(read(r)));
    }
  }
  const accepts = (i: number) => {
    for (let j = 0; j < codes.length; j++) if (matching[j]![codes[j]![i]!] === 0) return false;
    for (let j = 0; j < checks.length; j++) if (!checks[j]!(rows[i]!)) return false;
    return true;
  };
  const first = (paging.page - 1) * paging.limit;
  const page: ReservationRecord[] = [];
  let total = 0;
  let k = 0;
  for (; k < to - from && page.length < paging.limit; k++) {
    const i = descending ? to - 1 - k : from + k;
    if (!accepts(i)) continue;
    if (total >= first) page.push(rows[i]!);
    total++;
  }
  // Past the page only the count is left, and it does not depend on the order of reading.
  const [restFrom, restTo] = descending ? [from, to - k] : [from + k, to];
  if (checks.length) for (let i = restFrom; i < restTo; i++) total += accepts(i) ? 1 : 0;
  else total += countMatching(codes, matching, restFrom, restTo);
  return { rows: page, total };
}

/** How many of the rows from..to have a matching code in every column, without a branch per row. */
function countMatching(
  codes: readonly Uint32Array[],
  matching: readonly Uint8Array[],
  from: number,
  to: number,
): number {
  let count = 0;
  if (codes.length === 1) {
    const [column, table] = [codes[0]!, matching[0]!];
    for (let i = from; i < to; i++) count += table[column[i]!]!;
    return count;
  }
  for (let i = from; i < to; i++) {
    let all = 1;
    for (let j = 0; j < codes.length; j++) all &= matching[j]![codes[j]![i]!]!;
    count += all;
  }
  return count;
}
