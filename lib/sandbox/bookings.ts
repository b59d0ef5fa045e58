import type { Reservation, Venue } from '../guestbook/schemas';
import { isEligible } from './commitments';
import { newId } from './ids';
import {
  allocationKey,
  type CommitmentRecord,
  type EmailRecord,
  type EntityRecord,
  type ReservationRecord,
} from './model';
import { notFound } from './problem';
import { iso, type World } from './world';

/** Venues, reservations, seat counts and guest e-mails: functions over the world. */

const SUBJECTS: Record<EmailRecord['kind'], Record<string, string>> = {
  confirmation: {
    en: 'Your reservation is confirmed',
    fr: 'Votre réservation est confirmée',
    de: 'Ihre Reservierung ist bestätigt',
    es: 'Tu reserva está confirmada',
    pt: 'A sua reserva está confirmada',
    it: 'La tua prenotazione è confermata',
    sv: 'Din bokning är bekräftad',
    nl: 'Je reservering is bevestigd',
  },
  reminder: {
    en: 'Reminder: your reservation is coming up',
    fr: 'Rappel : votre réservation approche',
    de: 'Erinnerung: Ihre Reservierung steht bevor',
    es: 'Recordatorio: tu reserva se acerca',
    pt: 'Lembrete: a sua reserva está próxima',
    it: 'Promemoria: la tua prenotazione è vicina',
    sv: 'Påminnelse: din bokning närmar sig',
    nl: 'Herinnering: je reservering komt eraan',
  },
  modification: {
    en: 'Your reservation has changed',
    fr: 'Votre réservation a été modifiée',
    de: 'Ihre Reservierung wurde geändert',
    es: 'Tu reserva ha cambiado',
    pt: 'A sua reserva foi alterada',
    it: 'La tua prenotazione è cambiata',
    sv: 'Din bokning har ändrats',
    nl: 'Je reservering is gewijzigd',
  },
  cancellation: {
    en: 'Your reservation is cancelled',
    fr: 'Votre réservation est annulée',
    de: 'Ihre Reservierung wurde storniert',
    es: 'Tu reserva está cancelada',
    pt: 'A sua reserva foi cancelada',
    it: 'La tua prenotazione è annullata',
    sv: 'Din bokning är avbokad',
    nl: 'Je reservering is geannuleerd',
  },
};

export function venueView(world: World, id: string, withCommitments: boolean): Venue | null {
  const v = world.data.venues.get(id);
  if (!v) return null;
  const view: Venue = {
    id: v.id,
    name: v.name,
    market_id: v.market_id,
    time_zone: v.time_zone,
    address: v.address && { ...v.address },
    seating_areas: v.seating_areas,
  };
  if (withCommitments) {
    // Deprecated block, kept in its historical shape.
    view.seat_commitments = [...world.data.commitments.values()]
      .filter((c) => c.venue_id === id)
      .map((c) => ({
        commitment_id: c.id,
        program_id: c.program_id,
        total_seats: c.total_seats,
        days_of_week: c.days_of_week,
        start_time: c.start_time,
        end_time: c.end_time,
      }));
  }
  return view;
}

// ── reservations ────────────────────────────────────────────────────────────────────────
export function reservationView(world: World, r: ReservationRecord): Reservation {
  const { commitment_id: _c, reminder_sent_at: _r, ...view } = r;
  return { ...view, guest: { ...view.guest } };
}

/** Guest e-mails go to the outbox, rendered in the reservation's locale. */
export function sendEmail(world: World, r: ReservationRecord, kind: EmailRecord['kind']): void {
  const id = newId();
  const subjects = SUBJECTS[kind];
  const subject = subjects[r.locale] ?? subjects[r.locale.slice(0, 2)] ?? subjects.en!;
  world.put('outbox', id, {
    id,
    at: iso(world.now()),
    kind,
    to: r.guest.email,
    locale: r.locale,
    reservation_id: r.id,
    subject: `${subject} — ${r.date} ${r.time}, ${r.party_size}`,
  });
}

/** Sends the reminder of every live reservation starting within the next 24 hours (sandbox clock), once. */
export function sendDueReminders(world: World): number {
  const now = world.now().getTime();
  let sent = 0;
  for (const r of world.data.reservations.values()) {
    if ((r.status !== 'confirmed' && r.status !== 'pending') || r.reminder_sent_at) continue;
    const starts = Date.parse(`${r.date}T${r.time}:00Z`);
    if (starts <= now || starts - now > 86_400_000) continue;
    const next = { ...r, reminder_sent_at: iso(world.now()) };
    world.put('reservations', r.id, next);
    sendEmail(world, next, 'reminder');
    sent++;
  }
  return sent;
}

export function getReservation(world: World, entity: EntityRecord, id: string): ReservationRecord {
  const r = world.data.reservations.get(id);
  // Another entity's reservation is as good as absent: existence is not probed across entities.
  if (!r || r.entity_id !== entity.id) throw notFound(`Reservation ${id} does not exist for this entity.`);
  return r;
}

/** Seats of a commitment already taken on one date by live reservations and holds. */
export function seatsTaken(
  world: World,
  commitmentId: string,
  date: string,
  entityId?: string,
  exceptReservation?: string,
): number {
  let taken = 0;
  for (const r of world.data.reservations.values()) {
    if (r.commitment_id !== commitmentId || r.date !== date || r.id === exceptReservation) continue;
    if (r.status === 'canceled') continue;
    if (entityId && r.entity_id !== entityId) continue;
    taken += r.party_size;
  }
  const now = world.now().getTime();
  for (const h of world.data.holds.values()) {
    if (h.commitment_id !== commitmentId || h.date !== date || h.consumed || Date.parse(h.expires_at) <= now) continue;
    if (entityId && h.entity_id !== entityId) continue;
    taken += h.party_size;
  }
  return taken;
}

/** Seats the entity can still book on a commitment for a date: its allocation, plus unallocated seats where its program grants access. */
export function seatsBookable(
  world: World,
  entity: EntityRecord,
  c: CommitmentRecord,
  date: string,
  exceptReservation?: string,
): number {
  if (!isEligible(world, entity, c)) return 0;
  const own = world.data.allocations.get(allocationKey(entity.id, c.id))?.entity_seats ?? 0;
  let bookable = own - seatsTaken(world, c.id, date, entity.id, exceptReservation);
  const access = entity.programs.find((p) => p.program_id === c.program_id)?.unallocated_seat_access;
  if (access) {
    const allocated = world.allocationsOn(c.id).reduce((s, a) => s + a.entity_seats, 0);
    bookable = Math.max(bookable, 0) + (c.total_seats - allocated);
  }
  return Math.max(0, bookable);
}
