import 'server-only';

import { isFinalStatus } from '../../guestbook/reservation-statuses';
import type { Reservation } from '../../guestbook/schemas';
import { said } from '../../i18n/said';
import {
  HeldChangeInputSchema,
  ModifyReservationInputSchema,
  type ReservationChanges,
  type ReservationExpected,
} from '../../reservations/schemas';
import { underWay } from '../changes/under-way';
import { getDb } from '../db';
import { apiForChoice, nullOn404, type EntityChoice } from '../directory';
import { heldFor } from '../held-changes/store';
import { ActionError, guestContactLimits, type ActionContext, type ActionDefinition } from '../http';
import { keepReadInBook } from './from-copy';
import { reservationChangedIn } from './reservations';

type ModifyInput = ReturnType<typeof ModifyReservationInputSchema.parse>;

/**
 * Changing a reservation, as the member's action and as the sending of a change held for its undo
 * window (lib/server/held-changes): the same guard, the same limits, one audit row each.
 */
export const UPDATE_RESERVATION = {
  name: 'update-reservation',
  role: 'operator',
  input: ModifyReservationInputSchema,
  mutates: true,
  // A new guest name, e-mail or phone: the reservation's e-mails go there.
  memberLimit: guestContactLimits,
} satisfies ActionDefinition<typeof ModifyReservationInputSchema>;

/** Holding a change for its undo window: the notes and a smaller party alone, audited, nothing sent yet. */
export const HOLD_RESERVATION_CHANGE = {
  name: 'hold-reservation-change',
  role: 'operator',
  input: HeldChangeInputSchema,
  mutates: true,
} satisfies ActionDefinition<typeof HeldChangeInputSchema>;

/** The old or new values of exactly the fields a change names (the guest's by their own names). */
export function changedView(r: Reservation, changes: ReservationChanges) {
  const { guest, ...top } = changes;
  const view: Record<string, unknown> = Object.fromEntries(
    Object.keys(top).map((k) => [k, r[k as keyof typeof top] ?? null]),
  );
  if (guest)
    view.guest = Object.fromEntries(Object.keys(guest).map((k) => [k, r.guest?.[k as keyof typeof guest] ?? null]));
  return view;
}

/** Two values of a field as the same: notes and phone blank as none, an e-mail in any case, a time to the minute. */
function sameValue(field: string, a: unknown, b: unknown): boolean {
  const norm = (v: unknown) => {
    if (typeof v !== 'string') return v ?? null;
    const text = v.trim();
    if (field === 'time') return text.slice(0, 5);
    if (field === 'guest.email') return text.toLowerCase();
    return text === '' ? null : text;
  };
  return norm(a) === norm(b);
}

/** The fields (`party_size`, `guest.email`, …) of `expected` the reservation no longer holds. */
function changedSince(r: Reservation, expected: ReservationExpected): string[] {
  const { guest, ...top } = expected;
  const moved = Object.entries(top)
    .filter(([k, v]) => v !== undefined && !sameValue(k, r[k as keyof Reservation], v))
    .map(([k]) => k);
  for (const [k, v] of Object.entries(guest ?? {}))
    if (v !== undefined && !sameValue(`guest.${k}`, r.guest?.[k as keyof NonNullable<Reservation['guest']>], v))
      moved.push(`guest.${k}`);
  return moved;
}

/** The reservation with its held changes (made by staff, not sent yet) as they will be. */
export function withHeld(r: Reservation, held: readonly { changes: Record<string, unknown> }[]): Reservation {
  return held.reduce<Reservation>((acc, h) => ({ ...acc, ...(h.changes as Partial<Reservation>) }), r);
}

/**
 * Reads the reservation and checks that it may be changed: not in a final status, and still
 * holding the values the member's form was opened with (`expected`). `held` counts the changes
 * waiting to be sent as made (the member's form shows them so).
 */
async function readChangeable(
  entity: EntityChoice | null,
  { id, changes, expected, undo }: Pick<ModifyInput, 'id' | 'changes' | 'expected' | 'undo'>,
  ctx: ActionContext,
  { held }: { held: boolean },
): Promise<Reservation> {
  const live = await nullOn404(apiForChoice(entity).getReservation(id));
  if (!live) throw new ActionError(said('reservations.errors.notFound'));
  if (entity) await keepReadInBook(entity.id, live);
  const before = held ? withHeld(live, await heldFor(await getDb(), id)) : live;
  ctx.setAuditTarget({
    entityId: before.entity_id ?? null,
    resourceType: 'reservation',
    resourceId: id,
    before: changedView(before, changes),
  });
  const final = isFinalStatus(before.status);
  const moved = expected ? changedSince(before, expected) : [];
  // Refused for a change made since the member's page was read, often outside the console: the
  // pages show the reservation as the API has it from now on (the copy, the kept answers).
  if (final || moved.length) await reservationChangedIn(entity, live);
  if (final)
    throw new ActionError(said('reservations.errors.final', { status: before.status }), {
      status: [said('reservations.errors.statusIs', { status: before.status })],
    });
  if (moved.length)
    throw new ActionError(
      undo
        ? said('reservations.errors.notUndone', { fields: moved.length > 1 ? 'both' : moved[0]! })
        : held
          ? said('reservations.errors.changedMeanwhile', { count: moved.length })
          : // a held change being sent: its member reads why on the reservation's page
            said('reservations.errors.changedBeforeSent'),
      Object.fromEntries(moved.map((f) => [f, [said('reservations.errors.changedSince')]])),
    );
  return before;
}

/** The reservation as the modify form shows it after a change. */
export function modifiedView(r: Reservation, overwritten: string[]) {
  return {
    id: r.id,
    status: r.status,
    party_size: r.party_size ?? null,
    date: r.date ?? null,
    time: r.time ?? null,
    locale: r.locale,
    notes: r.notes ?? null,
    guest: r.guest
      ? {
          first_name: r.guest.first_name,
          last_name: r.guest.last_name,
          email: r.guest.email,
          phone: r.guest.phone ?? null,
        }
      : null,
    updated_at: r.updated_at ?? null,
    /** fields another change wrote right after this one: the reservation now holds its values */
    overwritten,
  };
}

/**
 * Sends a change of the reservation `id` in `entity`'s context, unless it moved since the member's
 * form read it. `held`: a member's own change counts the changes still held as made; a held
 * change being sent does not (those before it were sent first).
 */
export async function updateReservationIn(
  entity: EntityChoice | null,
  input: ModifyInput,
  ctx: ActionContext,
  { held }: { held: boolean },
) {
  await readChangeable(entity, input, ctx, { held });
  const api = apiForChoice(entity);
  const written = await underWay(
    await getDb(),
    { reservationId: input.id, kind: 'reservation.changed', staffId: ctx.staff.id },
    () => api.updateReservation(input.id, input.changes),
  );
  // The API takes no precondition: read it again, and say so when another change landed on the
  // same fields right after this one (the page then shows that change, not this one's).
  const after = (await nullOn404(api.getReservation(input.id))) ?? written;
  const overwritten = changedSince(after, input.changes);
  await reservationChangedIn(entity, after);
  ctx.setAuditTarget({ after: changedView(after, input.changes) });
  return modifiedView(after, overwritten);
}

/** Checks a change to be held as updateReservationIn would send it: the reservation as it will be. */
export async function checkHeldChange(
  entity: EntityChoice | null,
  input: ReturnType<typeof HeldChangeInputSchema.parse>,
  ctx: ActionContext,
) {
  const before = await readChangeable(entity, input, ctx, { held: true });
  // Guest Book may refuse a larger party for the seats: that is known when it is sent, so it is not held.
  if (input.changes.party_size !== undefined && input.changes.party_size > (before.party_size ?? 0))
    throw new ActionError(said('reservations.errors.largerPartyAtOnce'));
  const after = { ...before, ...input.changes } as Reservation;
  ctx.setAuditTarget({ after: changedView(after, input.changes) });
  return after;
}
