import { createHash } from 'node:crypto';
import { DEFAULT_LOCALE, type LocaleCode } from '../guestbook/locales';
import { newId } from './ids';
import {
  allocationKey,
  COLLECTIONS,
  type AllocationRecord,
  type CollectionName,
  type CommitmentRecord,
  type CredentialRecord,
  type EmailRecord,
  type EntityRecord,
  type IdentityRecord,
  type ReservationRecord,
  type WorldData,
} from './model';
import type { Change } from './persistence';
import { forbidden, notFound, unprocessable } from './problem';
import { reservationDictionaries, SortedReservations, type ReservationOrder } from './reservation-search';

const SUBJECTS: Record<EmailRecord['kind'], Record<string, string>> = {
  confirmation: { en: 'Your reservation is confirmed', fr: 'Votre réservation est confirmée', de: 'Ihre Reservierung ist bestätigt', es: 'Tu reserva está confirmada', pt: 'A sua reserva está confirmada', it: 'La tua prenotazione è confermata', sv: 'Din bokning är bekräftad', nl: 'Je reservering is bevestigd' },
  reminder: { en: 'Reminder: your reservation is coming up', fr: 'Rappel : votre réservation approche', de: 'Erinnerung: Ihre Reservierung steht bevor', es: 'Recordatorio: tu reserva se acerca', pt: 'Lembrete: a sua reserva está próxima', it: 'Promemoria: la tua prenotazione è vicina', sv: 'Påminnelse: din bokning närmar sig', nl: 'Herinnering: je reservering komt eraan' },
  modification: { en: 'Your reservation has changed', fr: 'Votre réservation a été modifiée', de: 'Ihre Reservierung wurde geändert', es: 'Tu reserva ha cambiado', pt: 'A sua reserva foi alterada', it: 'La tua prenotazione è cambiata', sv: 'Din bokning har ändrats', nl: 'Je reservering is gewijzigd' },
  cancellation: { en: 'Your reservation is cancelled', fr: 'Votre réservation est annulée', de: 'Ihre Reservierung wurde storniert', es: 'Tu reserva está cancelada', pt: 'A sua reserva foi cancelada', it: 'La tua prenotazione è annullata', sv: 'Din bokning är avbokad', nl: 'Je reservering is geannuleerd' },
};

export const iso = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** How long a new logo stays "processing" (dimensions null) before its dimensions are published. */
export const LOGO_PROCESSING_MS = 1_500;

type Row = Record<string, unknown>;

type AssignmentStatus = 'assigned' | 'unassigned' | 'ended';

/** The filters of GET /v2/commitments. */
export interface CommitmentQuery {
  statuses: string[];
  venueId?: string;
  programId?: string;
}

/**
 * The sandbox's state and its rules, free of HTTP. Every change is recorded so the server can
 * persist exactly what one request changed before it answers.
 */
export class World {
  data: WorldData;
  #changes: Change[] = [];
  /** real time at which each logo's processing ends (not persisted: a restart finishes it at once) */
  readonly #logoReady = new Map<string, number>();
  /** reservations per entity: every reservation read is scoped to one entity */
  #reservationsByEntity = new Map<string, Map<string, ReservationRecord>>();
  /** allocations per commitment (keyed as in `data.allocations`): a commitment's row needs all of its own */
  #allocationsByCommitment = new Map<string, Map<string, AllocationRecord>>();
  /** every commitment in the order GET /v2/commitments lists them; null until a list needs it after a change */
  #commitmentOrder: CommitmentRecord[] | null = null;
  /** counts every change to the world: what was derived from an earlier count is out of date */
  #version = 0;
  /** the last lists of commitments per entity and query, with the version they were made at (a list is read page by page) */
  readonly #listed = new Map<string, { version: number; commitments: CommitmentRecord[] }>();
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
    if (!sorted) lists.set(key, (sorted = new SortedReservations(this.reservationsOf(entityId), compare, this.#dictionaries)));
    return sorted;
  }

  // ── change tracking ─────────────────────────────────────────────────────────────────────
  put<C extends CollectionName>(collection: C, id: string, record: WorldData[C] extends Map<string, infer R> ? R : never): void {
    if (collection === 'allocations') {
      const before = this.data.allocations.get(id);
      const next = record as AllocationRecord;
      if (before && before.commitment_id !== next.commitment_id) this.#allocationsByCommitment.get(before.commitment_id)?.delete(id);
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
    this.#logoReady.clear();
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

  // ── credentials and identities ──────────────────────────────────────────────────────────
  authenticateClient(clientId: string, secret: string): CredentialRecord | null {
    const cred = this.data.credentials.get(clientId);
    if (!cred) return null;
    const given = Buffer.from(sha256(secret), 'hex');
    const stored = Buffer.from(cred.secret_sha256, 'hex');
    return given.length === stored.length && given.equals(stored) ? cred : null;
  }

  identityOf(clientId: string): IdentityRecord {
    const cred = this.data.credentials.get(clientId);
    const identity = cred && this.data.identities.get(cred.identity_id);
    if (!identity) throw notFound('The calling identity cannot be resolved.');
    return identity;
  }

  /** Suspension as the API reports it: the identity's own, else its parent's. */
  suspension(identity: IdentityRecord): { source: 'self' | 'parent'; at: string } | null {
    if (identity.suspended_at) return { source: identity.suspension_source ?? 'self', at: identity.suspended_at };
    const parent = identity.parent_identity_id ? this.data.identities.get(identity.parent_identity_id) : undefined;
    if (parent?.suspended_at) return { source: 'parent', at: parent.suspended_at };
    return null;
  }

  identityView(identity: IdentityRecord): Row {
    const suspension = this.suspension(identity);
    const view: Row = {
      id: identity.id,
      type: identity.type,
      name: identity.name,
      client_id: identity.client_id,
      status: suspension ? 'suspended' : 'active',
      default_entity_id: identity.default_entity_id,
      associated_entity_ids: identity.entity_ids.filter((id) => this.data.entities.get(id)?.active),
    };
    if (identity.type === 'partner') view.delegated_identity_ids = this.delegatesOf(identity).map((d) => d.id);
    else view.parent_identity_id = identity.parent_identity_id;
    if (suspension) {
      view.suspension_source = suspension.source;
      view.suspended_at = suspension.at;
    }
    view.created_at = identity.created_at;
    view.updated_at = identity.updated_at;
    return view;
  }

  delegatesOf(identity: IdentityRecord): IdentityRecord[] {
    if (identity.type !== 'partner') return [];
    return [...this.data.identities.values()]
      .filter((i) => i.parent_identity_id === identity.id)
      .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
  }

  setSuspended(identityId: string, suspended: boolean, source: 'self' | 'parent' = 'self'): IdentityRecord {
    const identity = this.data.identities.get(identityId);
    if (!identity) throw notFound(`No identity ${identityId}.`);
    const at = iso(this.now());
    this.put('identities', identity.id, {
      ...identity,
      suspended_at: suspended ? (identity.suspended_at ?? at) : null,
      suspension_source: suspended ? source : null,
      updated_at: at,
    });
    return this.data.identities.get(identityId)!;
  }

  assertNotSuspended(identity: IdentityRecord): void {
    const s = this.suspension(identity);
    if (s) throw forbidden(s.source === 'self' ? 'The calling identity is suspended.' : 'The calling identity is suspended because its parent partner is suspended.');
  }

  // ── entity context ──────────────────────────────────────────────────────────────────────
  entityByOrg(orgId: string): EntityRecord | undefined {
    for (const e of this.data.entities.values()) if (e.org_id === orgId) return e;
    return undefined;
  }

  isAssigned(identity: IdentityRecord, entityId: string): boolean {
    return identity.entity_ids.includes(entityId);
  }

  /**
   * Spec, "Entity context resolution": the token's org_id always wins, then X-Entity-Id, then
   * the credential's default entity. 403 when not assigned, 404 when it does not exist.
   */
  resolveEntity(identity: IdentityRecord, orgId: string | undefined, headerEntityId: string | undefined): EntityRecord {
    let entityId: string;
    if (orgId) {
      const e = this.entityByOrg(orgId);
      if (!e) throw notFound(`The entity of organization ${orgId} does not exist.`);
      entityId = e.id;
    } else if (headerEntityId !== undefined) {
      entityId = headerEntityId;
    } else {
      entityId = identity.default_entity_id;
    }
    const entity = this.data.entities.get(entityId);
    if (!this.isAssigned(identity, entityId)) {
      if (!entity && headerEntityId === undefined) throw notFound(`Entity ${entityId} does not exist.`);
      throw forbidden(`Entity ${entityId} is not assigned to these credentials.`);
    }
    if (!entity) throw notFound(`Entity ${entityId} does not exist.`);
    return entity;
  }

  // ── entities ────────────────────────────────────────────────────────────────────────────
  entityView(e: EntityRecord): Row {
    const logo = e.logo ? this.#logoView(e) : null;
    return {
      id: e.id,
      name: e.name,
      org_id: e.org_id,
      default_program_id: e.default_program_id,
      default_locale: e.default_locale,
      programs: e.programs.map((p) => ({ program_id: p.program_id, name: this.data.programs.get(p.program_id)?.name ?? null, unallocated_seat_access: p.unallocated_seat_access })),
      logo,
      created_at: e.created_at,
      updated_at: e.updated_at,
    };
  }

  #logoView(e: EntityRecord): Row {
    let logo = e.logo!;
    if (logo.pending && (this.#logoReady.get(e.id) ?? 0) <= Date.now()) {
      const { width, height } = logo.pending;
      logo = { ...logo, width, height, aspect_ratio: Math.round((width / height) * 10_000) / 10_000, pending: null };
      this.put('entities', e.id, { ...e, logo });
    }
    const { pending: _pending, ...view } = logo;
    return view;
  }

  entitiesOf(identity: IdentityRecord): EntityRecord[] {
    return identity.entity_ids.map((id) => this.data.entities.get(id)).filter((e): e is EntityRecord => !!e);
  }

  getAssignedEntity(identity: IdentityRecord, id: string): EntityRecord {
    const entity = this.data.entities.get(id);
    if (!entity) throw notFound(`Entity ${id} does not exist.`);
    if (!this.isAssigned(identity, id)) throw forbidden(`Entity ${id} is not assigned to these credentials.`);
    return entity;
  }

  #checkPrograms(programs: { program_id: string }[], field: string): void {
    const errors = programs
      .map((p, i) => (this.data.programs.has(p.program_id) ? null : { field: `${field}[${i}].program_id`, message: `program ${p.program_id} does not exist` }))
      .filter((x): x is { field: string; message: string } => !!x);
    if (errors.length) throw unprocessable(errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);
  }

  #checkDefaultProgram(programId: string | undefined, programs: { program_id: string }[]): void {
    if (programId === undefined) return;
    if (!this.data.programs.has(programId)) throw unprocessable(`default_program_id: program ${programId} does not exist`, [{ field: 'default_program_id', message: `program ${programId} does not exist` }]);
    if (programs.length && !programs.some((p) => p.program_id === programId)) {
      throw unprocessable('default_program_id: must be one of the entity’s assigned programs', [{ field: 'default_program_id', message: 'must be one of the entity’s assigned programs' }]);
    }
  }

  /**
   * The spec types default_program_id `uuid` (not "or null"), so an entity created without one
   * gets the first program it is given, else the default program of the creator's default
   * entity; with neither, the request is refused naming the field.
   */
  #impliedDefaultProgram(identity: IdentityRecord, programs: { program_id: string }[]): string {
    const implied = programs[0]?.program_id ?? this.data.entities.get(identity.default_entity_id)?.default_program_id;
    if (!implied) throw unprocessable('default_program_id: is required (no program to default to)', [{ field: 'default_program_id', message: 'is required' }]);
    return implied;
  }

  createEntity(identity: IdentityRecord, body: { name: string; default_program_id?: string; default_locale?: LocaleCode; programs?: { program_id: string; unallocated_seat_access: boolean }[] }): EntityRecord {
    const programs = body.programs ?? [];
    this.#checkPrograms(programs, 'programs');
    this.#checkDefaultProgram(body.default_program_id, programs);
    const defaultProgram = body.default_program_id ?? this.#impliedDefaultProgram(identity, programs);
    const at = iso(this.now());
    const id = newId();
    const slug = body.name.toLowerCase().normalize('NFD').replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '').slice(0, 24) || 'entity';
    const entity: EntityRecord = {
      id,
      name: body.name,
      org_id: `org_${slug}_${id.slice(0, 8)}`,
      active: true,
      default_program_id: defaultProgram,
      default_locale: body.default_locale ?? DEFAULT_LOCALE,
      programs: programs.map((p) => ({ program_id: p.program_id, unallocated_seat_access: p.unallocated_seat_access })),
      logo: null,
      created_at: at,
      updated_at: at,
    };
    this.put('entities', id, entity);
    // The creating identity and, for a delegate, its partner may act on the new entity.
    this.put('identities', identity.id, { ...identity, entity_ids: [...identity.entity_ids, id] });
    const parent = identity.parent_identity_id ? this.data.identities.get(identity.parent_identity_id) : undefined;
    if (parent) this.put('identities', parent.id, { ...parent, entity_ids: [...parent.entity_ids, id] });
    return entity;
  }

  updateEntity(entity: EntityRecord, body: { name?: string; default_program_id?: string; default_locale?: LocaleCode }): EntityRecord {
    this.#checkDefaultProgram(body.default_program_id, entity.programs);
    const next: EntityRecord = { ...entity, ...body, updated_at: iso(this.now()) };
    this.put('entities', entity.id, next);
    return next;
  }

  replacePrograms(entity: EntityRecord, programs: { program_id: string; unallocated_seat_access: boolean }[]): EntityRecord {
    this.#checkPrograms(programs, 'data');
    const next: EntityRecord = {
      ...entity,
      programs: programs.map((p) => ({ program_id: p.program_id, unallocated_seat_access: p.unallocated_seat_access })),
      // default_program_id is a uuid (spec), so replacing the programs keeps it: only create and
      // update set it.
      updated_at: iso(this.now()),
    };
    this.put('entities', entity.id, next);
    return next;
  }

  setLogo(entity: EntityRecord, file: { contentType: string; size: number; width: number; height: number }, url: string): EntityRecord {
    const at = iso(this.now());
    const next: EntityRecord = {
      ...entity,
      logo: { url, content_type: file.contentType, size_bytes: file.size, width: null, height: null, aspect_ratio: null, uploaded_at: at, pending: { width: file.width, height: file.height } },
      updated_at: at,
    };
    this.#logoReady.set(entity.id, Date.now() + LOGO_PROCESSING_MS);
    this.put('entities', entity.id, next);
    return next;
  }

  // ── commitments ─────────────────────────────────────────────────────────────────────────
  agreementEnded(c: CommitmentRecord): boolean {
    return !!this.data.agreements.get(c.agreement_id)?.ended_at;
  }

  isEligible(entity: EntityRecord, c: CommitmentRecord): boolean {
    return !this.agreementEnded(c) && entity.programs.some((p) => p.program_id === c.program_id);
  }

  allocationsOn(commitmentId: string): AllocationRecord[] {
    return [...(this.#allocationsByCommitment.get(commitmentId)?.values() ?? [])];
  }

  /** The row of one commitment as the entity sees it, or null when the entity has no view of it. */
  commitmentRow(entity: EntityRecord, c: CommitmentRecord): Row | null {
    const status = this.#assignmentStatus(entity, c);
    if (!status) return null;
    let entitySeats: number | null;
    let allocated: number;
    if (status === 'ended') {
      const snapshot = c.snapshot!;
      entitySeats = snapshot[entity.id]!;
      allocated = Object.values(snapshot).reduce((s, n) => s + n, 0);
    } else {
      const allocations = this.allocationsOn(c.id);
      entitySeats = status === 'assigned' ? allocations.find((a) => a.entity_id === entity.id)!.entity_seats : null;
      allocated = allocations.reduce((s, a) => s + a.entity_seats, 0);
    }
    const mine = entitySeats ?? 0;
    return {
      id: c.id,
      assignment_status: status,
      total_seats: c.total_seats,
      entity_seats: entitySeats,
      peer_seats: allocated - mine,
      unallocated_seats: c.total_seats - allocated,
      venue_id: c.venue_id,
      program_id: c.program_id,
      agreement_id: c.agreement_id,
      days_of_week: c.days_of_week,
      start_time: c.start_time,
      end_time: c.end_time,
    };
  }

  /** The entity's rows ordered by venue, start time and id. */
  commitmentRows(entity: EntityRecord, q: CommitmentQuery): Row[] {
    return this.commitmentsListed(entity, q).map((c) => this.commitmentRow(entity, c)!);
  }

  /**
   * The commitments GET /v2/commitments lists for the entity, in its order. Cheaper than the rows
   * themselves: a list request builds the rows of its own page only.
   */
  commitmentsListed(entity: EntityRecord, q: CommitmentQuery): CommitmentRecord[] {
    const key = JSON.stringify([entity.id, [...q.statuses].sort(), q.venueId ?? null, q.programId ?? null]);
    const last = this.#listed.get(key);
    if (last?.version === this.#version) return last.commitments;
    if (this.#listed.size >= 256) this.#listed.clear();
    const commitments = this.#listCommitments(entity, q);
    this.#listed.set(key, { version: this.#version, commitments });
    return commitments;
  }

  #listCommitments(entity: EntityRecord, q: CommitmentQuery): CommitmentRecord[] {
    const statuses = new Set(q.statuses);
    const listed: CommitmentRecord[] = [];
    for (const c of this.#commitmentsInOrder()) {
      if (q.venueId && c.venue_id !== q.venueId) continue;
      if (q.programId && c.program_id !== q.programId) continue;
      const status = this.#assignmentStatus(entity, c);
      if (status && statuses.has(status)) listed.push(c);
    }
    return listed;
  }

  /** The status of the entity's row of the commitment, or null when the entity has no row of it. */
  #assignmentStatus(entity: EntityRecord, c: CommitmentRecord): AssignmentStatus | null {
    if (this.agreementEnded(c)) return c.snapshot && entity.id in c.snapshot ? 'ended' : null;
    if (this.#allocationsByCommitment.get(c.id)?.has(allocationKey(entity.id, c.id))) return 'assigned';
    return this.isEligible(entity, c) ? 'unassigned' : null;
  }

  #commitmentsInOrder(): CommitmentRecord[] {
    return (this.#commitmentOrder ??= [...this.data.commitments.values()].sort(
      (a, b) => a.venue_id.localeCompare(b.venue_id) || a.start_time.localeCompare(b.start_time) || a.id.localeCompare(b.id),
    ));
  }

  /**
   * PUT /v2/commitments: the body is the entity's complete new set. Checked whole before
   * anything changes; an identical body changes nothing and records no audit event.
   */
  putCommitments(entity: EntityRecord, clientId: string, body: { id: string; entity_seats: number }[]): Row[] {
    for (const [i, entry] of body.entries()) {
      const c = this.data.commitments.get(entry.id);
      if (!c || !this.isEligible(entity, c)) {
        const why = !c ? 'does not exist' : this.agreementEnded(c) ? 'belongs to an agreement that has ended' : 'is for a program the entity has no access to';
        throw unprocessable(`Entity ${entity.id} is not eligible for commitment ${entry.id}: it ${why}.`, [{ field: `data[${i}].id`, message: `not eligible for commitment ${entry.id}` }]);
      }
      const others = this.allocationsOn(c.id).filter((a) => a.entity_id !== entity.id).reduce((s, a) => s + a.entity_seats, 0);
      if (others + entry.entity_seats > c.total_seats) {
        throw unprocessable(
          `Commitment ${c.id} would be over-allocated: ${entry.entity_seats} seats for this entity plus ${others} held by other entities exceed its ${c.total_seats} seats.`,
          [{ field: `data[${i}].entity_seats`, message: `at most ${c.total_seats - others} seats are available on commitment ${c.id}` }],
        );
      }
    }
    const at = iso(this.now());
    const wanted = new Map(body.map((e) => [e.id, e.entity_seats]));
    for (const a of [...this.data.allocations.values()]) {
      if (a.entity_id !== entity.id || wanted.has(a.commitment_id)) continue;
      const c = this.data.commitments.get(a.commitment_id);
      if (c && this.agreementEnded(c)) continue;
      this.remove('allocations', allocationKey(entity.id, a.commitment_id));
      this.#audit(clientId, entity.id, 'commitment.unassigned', a.commitment_id, a.entity_seats, null, at);
    }
    for (const [commitmentId, seats] of wanted) {
      const key = allocationKey(entity.id, commitmentId);
      const before = this.data.allocations.get(key);
      if (before?.entity_seats === seats) continue;
      this.put('allocations', key, { entity_id: entity.id, commitment_id: commitmentId, entity_seats: seats });
      this.#audit(clientId, entity.id, before ? 'commitment.updated' : 'commitment.assigned', commitmentId, before?.entity_seats ?? null, seats, at);
    }
    return this.commitmentRows(entity, { statuses: ['assigned'] });
  }

  #audit(clientId: string, entityId: string, action: string, commitmentId: string, before: number | null, after: number | null, at: string): void {
    const id = newId();
    let seq = 0;
    for (const e of this.data.audit.values()) seq = Math.max(seq, e.seq ?? 0);
    this.put('audit', id, { id, seq: seq + 1, at, client_id: clientId, entity_id: entityId, action, commitment_id: commitmentId, before, after });
  }

  /** Ends an agreement: its commitments' rows become read-only snapshots of the allocations now. */
  endAgreement(agreementId: string): void {
    const agreement = this.data.agreements.get(agreementId);
    if (!agreement) throw notFound(`No agreement ${agreementId}.`);
    if (agreement.ended_at) return;
    const at = iso(this.now());
    for (const c of this.data.commitments.values()) {
      if (c.agreement_id !== agreementId) continue;
      this.put('commitments', c.id, { ...c, snapshot: Object.fromEntries(this.allocationsOn(c.id).map((a) => [a.entity_id, a.entity_seats])) });
    }
    this.put('agreements', agreementId, { ...agreement, ended_at: at });
  }

  // ── venues and markets ──────────────────────────────────────────────────────────────────
  venueView(id: string, withCommitments: boolean): Row | null {
    const v = this.data.venues.get(id);
    if (!v) return null;
    const view: Row = { id: v.id, name: v.name, market_id: v.market_id, time_zone: v.time_zone, address: v.address, seating_areas: v.seating_areas };
    if (withCommitments) {
      // Deprecated block, kept in its historical shape.
      view.seat_commitments = [...this.data.commitments.values()]
        .filter((c) => c.venue_id === id)
        .map((c) => ({ commitment_id: c.id, program_id: c.program_id, total_seats: c.total_seats, days_of_week: c.days_of_week, start_time: c.start_time, end_time: c.end_time }));
    }
    return view;
  }

  // ── reservations ────────────────────────────────────────────────────────────────────────
  reservationView(r: ReservationRecord): Row {
    const { commitment_id: _c, reminder_sent_at: _r, ...view } = r;
    return view;
  }

  /** Guest e-mails go to the outbox, rendered in the reservation's locale. */
  sendEmail(r: ReservationRecord, kind: EmailRecord['kind']): void {
    const id = newId();
    const subjects = SUBJECTS[kind];
    const subject = subjects[r.locale] ?? subjects[r.locale.slice(0, 2)] ?? subjects.en!;
    this.put('outbox', id, { id, at: iso(this.now()), kind, to: r.guest.email, locale: r.locale, reservation_id: r.id, subject: `${subject} — ${r.date} ${r.time}, ${r.party_size}` });
  }

  /** Sends the reminder of every live reservation starting within the next 24 hours (sandbox clock), once. */
  sendDueReminders(): number {
    const now = this.now().getTime();
    let sent = 0;
    for (const r of this.data.reservations.values()) {
      if ((r.status !== 'confirmed' && r.status !== 'pending') || r.reminder_sent_at) continue;
      const starts = Date.parse(`${r.date}T${r.time}:00Z`);
      if (starts <= now || starts - now > 86_400_000) continue;
      const next = { ...r, reminder_sent_at: iso(this.now()) };
      this.put('reservations', r.id, next);
      this.sendEmail(next, 'reminder');
      sent++;
    }
    return sent;
  }

  getReservation(entity: EntityRecord, id: string): ReservationRecord {
    const r = this.data.reservations.get(id);
    // Another entity's reservation is as good as absent: existence is not probed across entities.
    if (!r || r.entity_id !== entity.id) throw notFound(`Reservation ${id} does not exist for this entity.`);
    return r;
  }

  /** Seats of a commitment already taken on one date by live reservations and holds. */
  seatsTaken(commitmentId: string, date: string, entityId?: string, exceptReservation?: string): number {
    let taken = 0;
    for (const r of this.data.reservations.values()) {
      if (r.commitment_id !== commitmentId || r.date !== date || r.id === exceptReservation) continue;
      if (r.status === 'canceled') continue;
      if (entityId && r.entity_id !== entityId) continue;
      taken += r.party_size;
    }
    const now = this.now().getTime();
    for (const h of this.data.holds.values()) {
      if (h.commitment_id !== commitmentId || h.date !== date || h.consumed || Date.parse(h.expires_at) <= now) continue;
      if (entityId && h.entity_id !== entityId) continue;
      taken += h.party_size;
    }
    return taken;
  }

  /** Seats the entity can still book on a commitment for a date: its allocation, plus unallocated seats where its program grants access. */
  seatsBookable(entity: EntityRecord, c: CommitmentRecord, date: string, exceptReservation?: string): number {
    if (!this.isEligible(entity, c)) return 0;
    const own = this.data.allocations.get(allocationKey(entity.id, c.id))?.entity_seats ?? 0;
    let bookable = own - this.seatsTaken(c.id, date, entity.id, exceptReservation);
    const access = entity.programs.find((p) => p.program_id === c.program_id)?.unallocated_seat_access;
    if (access) {
      const allocated = this.allocationsOn(c.id).reduce((s, a) => s + a.entity_seats, 0);
      bookable = Math.max(bookable, 0) + (c.total_seats - allocated);
    }
    return Math.max(0, bookable);
  }
}
