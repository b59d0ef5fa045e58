import 'server-only';

import type { StaffRole } from '../../auth/roles';
import { CHANGE_KINDS, kindVisibleTo, type ChangeEvent } from '../../changes/events';
/**
 * The day of service (the Today page and its covers pacing): one day's reservations of the
 * selected entity with what names them (venues, programs), the entity's commitments and the day's
 * changes. Within the overview's days they come from the live copy (no API request within the
 * sync's cadence); another day is one read of the API (1–3 pages). Server-only.
 */
import { startOfDay } from '../../format/days';
import type { Condition } from '../../guestbook/filters';
import { listAllTogether } from '../../guestbook/paging';
import type { CommitmentRow, Reservation, Venue } from '../../guestbook/schemas';
import type { GuestFlag } from '../../guests/history';
import { localNow, todayOf } from '../../overview/figures';
import { copiedEntityRows } from '../allocations';
import { requireStaff } from '../auth';
import { recentChanges } from '../changes';
import { getDb } from '../db';
import {
  allOf,
  apiForChoice,
  knownPrograms,
  listEntities,
  listVenues,
  readInSelectedContext,
  type EntityChoice,
  type ProgramOption,
} from '../directory';
import { guestFlagsFor, guestNotesFor, reservationTagsFor } from '../guests';
import { windowFrom } from '../reservations-copy';
import { allWithCopy } from '../reservations/from-copy';

export interface DayOfService {
  entity: EntityChoice | null;
  /** the day shown and today at the venues (ISO dates) */
  date: string;
  today: string;
  venues: Venue[];
  programs: ProgramOption[];
  reservations: Reservation[];
  commitments: CommitmentRow[];
  /** the day's changes to the entity's reservations, newest first (the marks "since you last looked") */
  changes: ChangeEvent[];
  /** staff's note, tags and the flags of each guest of the day, by e-mail (lower-cased), for those with any */
  guests: Map<string, DayGuest>;
  /** staff's tags on each reservation of the day, for those with any */
  reservationTags: Map<string, string[]>;
}

export interface DayGuest {
  note: string;
  tags: string[];
  flags: GuestFlag[];
}

/** What the team keeps on the day's guests and reservations (the dashboard's database, no API request). */
async function aboutGuests(reservations: readonly Reservation[], today: string) {
  const emails = reservations.flatMap((r) => (r.guest?.email ? [r.guest.email] : []));
  const [notes, flags, reservationTags] = await Promise.all([
    guestNotesFor(emails),
    guestFlagsFor(emails, today),
    reservationTagsFor(reservations.map((r) => r.id)),
  ]);
  const guests = new Map<string, DayGuest>();
  for (const email of new Set([...notes.keys(), ...flags.keys()]))
    guests.set(email, {
      note: notes.get(email)?.note ?? '',
      tags: notes.get(email)?.tags ?? [],
      flags: flags.get(email) ?? [],
    });
  return { guests, reservationTags };
}

const dayConditions = (date: string): Condition[] => [{ attribute: 'date', modifier: 'eq', value: date }];

/** The reservations of one day of `entity`: the copy's inside its window, else the API's. */
function readDay(entity: EntityChoice | null, date: string): Promise<Reservation[]> {
  return allWithCopy(entity, dayConditions(date), async () => {
    const api = apiForChoice(entity);
    const { items } = await listAllTogether(
      (page) => api.listReservations({ filters: dayConditions(date), page, limit: 100, sort: 'date' }),
      { cap: 5_000 },
    );
    return items;
  });
}

/** How many of the day's changes the page receives. */
const DAY_CHANGES = 300;

/** The changes to the entity's reservations since today began at the venues, newest first, of the kinds the role sees. */
async function dayChanges(entityId: string, role: StaffRole, venuesRead: Promise<Venue[]>, now: Date) {
  const venues = await venuesRead;
  const today = todayOf(venues, now);
  const zone = venues.find((v) => localNow(v.time_zone, now).date === today)?.time_zone ?? 'UTC';
  const changes = await recentChanges(await getDb(), {
    entityIds: [entityId],
    kinds: CHANGE_KINDS.filter((k) => k.startsWith('reservation.') && kindVisibleTo(role, k)),
    since: startOfDay(today, zone),
    limit: DAY_CHANGES,
  });
  // partner-wide events (none of a reservation's kinds are) are not the entity's
  return changes.filter((c) => c.entityId === entityId);
}

/**
 * Whether the day `date` (null: today at the venues) is one the live copy holds, today and the 13
 * days after it, so that its page is read from the dashboard's database and not the API. Reads
 * the venues from the copy of the directory only.
 */
export async function dayInCopy(date: string | null, now = new Date()): Promise<boolean> {
  if (date === null) return true;
  const { first, last } = windowFrom(todayOf(await allOf(listVenues), now));
  return date >= first && date <= last;
}

/**
 * The day of service of the selected entity on `date` (null: today at the venues), as of `now`.
 * Reservations, venues, entities and commitments are read side by side.
 */
export async function getDayOfService(date: string | null, now = new Date()): Promise<DayOfService> {
  const staff = await requireStaff('viewer');
  const venuesRead = allOf(listVenues);
  const todayRead = venuesRead.then((venues) => todayOf(venues, now));
  const [venues, today, entities, [entity, reservations, commitments, changes]] = await Promise.all([
    venuesRead,
    todayRead,
    listEntities(),
    readInSelectedContext(async (entity) => {
      const day = date ?? (await todayRead);
      return Promise.all([
        entity,
        readDay(entity, day),
        entity ? copiedEntityRows({ id: entity.id, name: entity.name, org_id: entity.orgId }) : [],
        entity ? dayChanges(entity.id, staff.role, venuesRead, now) : [],
      ] as const);
    }),
  ]);
  const day = date ?? today;
  const ofDay = reservations.filter((r) => r.date === day);
  const { guests, reservationTags } = await aboutGuests(ofDay, today);
  return {
    entity,
    date: day,
    today,
    venues,
    programs: knownPrograms(entities),
    reservations: ofDay,
    commitments,
    changes,
    guests,
    reservationTags,
  };
}
