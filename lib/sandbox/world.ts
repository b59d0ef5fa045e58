import {
  COLLECTIONS,
  type AllocationRecord,
  type CollectionName,
  type CommitmentRecord,
  type ReservationRecord,
  type WorldData,
} from './model';
import type { Change } from './persistence';
import { reservationDictionaries } from './reservation-columns';
import { SortedReservations, type ReservationOrder } from './reservation-search';

export const iso = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * The sandbox's store: its collections, the indexes over them, the clock and the log of changes,
 * free of HTTP. Every change is recorded so the server can persist exactly what one request
 * changed before it answers. The rules live in modules of functions over it: identities,
 * entities, commitments and bookings.
 */
export class World {
  data: WorldData;
  #changes: Change[] = [];
  /** real time at which each logo's processing ends (not persisted: a restart finishes it at once) */
  readonly logoReady = new Map<string, number>();
  /** reservations per entity: every reservation read is scoped to one entity */
  #reservationsByEntity = new Map<string, Map<string, ReservationRecord>>();
  /** allocations per commitment (keyed as in `data.allocations`): a commitment's row needs all of its own */
  #allocationsByCommitment = new Map<string, Map<string, AllocationRecord>>();
  /** every commitment in the order GET /v2/commitments lists them; null until a list needs it after a change */
  #commitmentOrder: CommitmentRecord[] | null = null;
  /** counts every change to the world: what was derived from an earlier count is out of date */
  #version = 0;
  /** lists derived from the world (commitments per entity and query), with the version they were made at */
  readonly #listed = new Map<string, { version: number; list: unknown[] }>();
  /** per entity and sort field, the entity's reservations in ascending order, kept up to date on every change */
  readonly #sortedReservations = new Map<string, Map<string, SortedReservations>>();
  #dictionaries = reservationDictionaries();

  constructor(data: WorldData) {
    this.data = data;
    this.#indexAllocations();
    this.#indexReservations();
  }

  #indexAllocations(): void {
    this.#allocationsByCommitment = new Map();
    for (const [key, a] of this.data.allocations) this.#indexAllocation(key, a);
  }

  #indexAllocation(key: string, a: AllocationRecord): void {
    let byKey = this.#allocationsByCommitment.get(a.commitment_id);
    if (!byKey) this.#allocationsByCommitment.set(a.commitment_id, (byKey = new Map()));
    byKey.set(key, a);
  }

  #indexReservations(): void {
    this.#reservationsByEntity = new Map();
    this.#sortedReservations.clear();
    this.#dictionaries = reservationDictionaries();
    for (const r of this.data.reservations.values()) this.#index(r);
  }

  #index(r: ReservationRecord): void {
    let byId = this.#reservationsByEntity.get(r.entity_id);
    if (!byId) this.#reservationsByEntity.set(r.entity_id, (byId = new Map()));
    byId.set(r.id, r);
    for (const sorted of this.#sortedReservations.get(r.entity_id)?.values() ?? []) sorted.add(r);
  }

  #unindex(r: ReservationRecord): void {
    this.#reservationsByEntity.get(r.entity_id)?.delete(r.id);
    for (const sorted of this.#sortedReservations.get(r.entity_id)?.values() ?? []) sorted.remove(r);
  }

  /** The entity's reservations, without scanning everyone else's. */
  reservationsOf(entityId: string): Iterable<ReservationRecord> {
    return this.#reservationsByEntity.get(entityId)?.values() ?? [];
  }

  /**
   * The entity's reservations sorted ascending by `compare` (one list per `key`), sorted once and
   * then kept up to date by every change, so a search over a large entity filters a ready list.
   */
  reservationsSorted(entityId: string, key: string, compare: ReservationOrder): SortedReservations {
    let lists = this.#sortedReservations.get(entityId);
    if (!lists) this.#sortedReservations.set(entityId, (lists = new Map()));
    let sorted = lists.get(key);
    if (!sorted)
      lists.set(key, (sorted = new SortedReservations(this.reservationsOf(entityId), compare, this.#dictionaries)));
    return sorted;
  }

  // ── change tracking ─────────────────────────────────────────────────────────────────────
  put<C extends CollectionName>(
    collection: C,
    id: string,
    record: WorldData[C] extends Map<string, infer R> ? R : never,
  ): void {
    if (collection === 'allocations') {
      const before = this.data.allocations.get(id);
      const next = record as AllocationRecord;
      if (before && before.commitment_id !== next.commitment_id)
        this.#allocationsByCommitment.get(before.commitment_id)?.delete(id);
      this.#indexAllocation(id, next);
    }
    if (collection === 'reservations') {
      const before = this.data.reservations.get(id);
      if (before) this.#unindex(before);
      this.#index(record as ReservationRecord);
    }
    if (collection === 'commitments') this.#commitmentOrder = null;
    this.#version++;
    (this.data[collection] as Map<string, unknown>).set(id, record);
    this.#changes.push({ collection, id, body: record });
  }

  remove(collection: CollectionName, id: string): void {
    const reservation = collection === 'reservations' ? this.data.reservations.get(id) : undefined;
    if (reservation) this.#unindex(reservation);
    const allocation = collection === 'allocations' ? this.data.allocations.get(id) : undefined;
    if (allocation) this.#allocationsByCommitment.get(allocation.commitment_id)?.delete(id);
    if (collection === 'commitments') this.#commitmentOrder = null;
    this.#version++;
    if ((this.data[collection] as Map<string, unknown>).delete(id)) this.#changes.push({ collection, id, body: null });
  }

  takeChanges(): Change[] {
    const changes = this.#changes;
    this.#changes = [];
    return changes;
  }

  replace(data: WorldData): void {
    this.data = data;
    this.#changes = [];
    this.logoReady.clear();
    this.#commitmentOrder = null;
    this.#version++;
    this.#indexAllocations();
    this.#indexReservations();
  }

  counts(): Record<string, number> {
    return Object.fromEntries(COLLECTIONS.map((c) => [c, this.data[c].size]));
  }

  // ── clock ───────────────────────────────────────────────────────────────────────────────
  get clockOffsetMs(): number {
    return Number(this.data.settings.get('clock')?.value ?? 0);
  }

  now(): Date {
    return new Date(Date.now() + this.clockOffsetMs);
  }

  setClockOffset(ms: number): void {
    this.put('settings', 'clock', { id: 'clock', value: ms });
  }

  // ── indexes for the rules ───────────────────────────────────────────────────────────────
  /** A commitment's allocations, from the index. */
  allocationsOn(commitmentId: string): AllocationRecord[] {
    return [...(this.#allocationsByCommitment.get(commitmentId)?.values() ?? [])];
  }

  /** Every commitment in the order GET /v2/commitments lists them. */
  commitmentsInOrder(): CommitmentRecord[] {
    return (this.#commitmentOrder ??= [...this.data.commitments.values()].sort(
      (a, b) =>
        a.venue_id.localeCompare(b.venue_id) || a.start_time.localeCompare(b.start_time) || a.id.localeCompare(b.id),
    ));
  }

  /** A list derived from the world, made again only after a change (a list is read page by page). */
  cachedList<T>(key: string, make: () => T[]): T[] {
    const last = this.#listed.get(key);
    if (last?.version === this.#version) return last.list as T[];
    if (this.#listed.size >= 256) this.#listed.clear();
    const list = make();
    this.#listed.set(key, { version: this.#version, list });
    return list;
  }
}
