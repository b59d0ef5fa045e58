import { isoWeekday, minutesOfDay as minutes } from '../format/days';
import type { Translate } from '../i18n/said';

/**
 * Why a search or a hold found no seats, in words staff can act on: which filter to widen, or
 * that the entity's allocation is used up (naming the commitment, for operators to change it
 * in the grid). Worked out from what the API shows: the same search for one guest at any time
 * (its seats left per time), and the entity's commitment rows at the venues searched.
 */

export interface SearchFilters {
  venueId?: string | null;
  marketId?: string | null;
  date: string;
  partySize: number;
  time?: string | null;
}

/** An availability option as far as this needs it. */
export interface SeatOption {
  venue_id: string;
  time: string;
  seats_available: number;
  commitment_id: string | null;
}

/** A commitment row of the entity (the sandbox adds venue, program, days and window to the spec's fields). */
export interface CommitmentSeats {
  id: string;
  assignment_status: string;
  total_seats: number;
  entity_seats: number | null;
  venue_id?: string;
  program_id?: string;
  days_of_week?: number[];
  start_time?: string;
  end_time?: string;
}

export interface UsedUpAllocation {
  commitmentId: string;
  venueId: string | null;
  /** the venue's name, when the entity sees the venue */
  venueName: string | null;
  programId: string | null;
  entitySeats: number;
  window: string | null;
}

/** The search that found nothing, as the explanation names it. */
export interface Searched {
  date: string;
  /** the date in the reader's words ("3 December 2026"), set where the reader's language is known; else the date itself */
  dateLabel?: string;
  partySize: number;
  time: string | null;
  /** a venue by its name, a venue the entity does not see by name, or a market */
  place: 'venue' | 'unnamed' | 'market';
  venueName: string | null;
}

/**
 * Why there is nothing to book, as facts: `describeNoAvailability` words them in a reader's
 * language (the booking form's notice, a refused hold's message).
 */
export type NoAvailability = { searched: Searched } & (
  | { kind: 'time'; otherTimes: string[] }
  | { kind: 'party-size'; largestParty: number }
  | { kind: 'allocation-used-up'; allocations: UsedUpAllocation[]; otherTimes: string[] }
  | { kind: 'date' }
);

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
/** ISO day of week of a YYYY-MM-DD date: 1 = Monday … 7 = Sunday. */

function covers(c: CommitmentSeats, f: SearchFilters, venueIds: ReadonlySet<string> | null): boolean {
  if (venueIds && (!c.venue_id || !venueIds.has(c.venue_id))) return false;
  if (c.days_of_week && !c.days_of_week.includes(isoWeekday(f.date))) return false;
  if (
    f.time &&
    c.start_time &&
    c.end_time &&
    (minutes(f.time) < minutes(c.start_time) || minutes(f.time) >= minutes(c.end_time))
  )
    return false;
  return true;
}

/**
 * @param anyParty the options of the same date and venue(s) for a party of 1 at any time
 * @param commitments the entity's commitment rows at the venue(s), or null when it cannot read them
 * @param venueIds the venues searched (one, or a market's), or null when not known
 * @param names venue names by id, for the message
 */
export function explainNoAvailability(
  f: SearchFilters,
  anyParty: readonly SeatOption[],
  commitments: readonly CommitmentSeats[] | null,
  venueIds: readonly string[] | null,
  names: Record<string, string> = {},
): NoAvailability {
  const venueName = f.venueId ? (names[f.venueId] ?? null) : null;
  const searched: Searched = {
    date: f.date,
    partySize: f.partySize,
    time: f.time || null,
    place: f.venueId ? (venueName ? 'venue' : 'unnamed') : 'market',
    venueName,
  };
  const venues = venueIds ? new Set(venueIds) : null;
  const fitting = [...new Set(anyParty.filter((o) => o.seats_available >= f.partySize).map((o) => o.time))].sort();
  // Allocations covering the search with no seat left at any time: the entity's own limit is the cause.
  const exhausted = (commitments ?? []).filter(
    (c) =>
      c.assignment_status === 'assigned' &&
      (c.entity_seats ?? 0) > 0 &&
      covers(c, f, venues) &&
      !anyParty.some((o) => o.commitment_id === c.id),
  );
  if (exhausted.length > 0 && (anyParty.length === 0 || f.time)) {
    const allocations = exhausted.map<UsedUpAllocation>((c) => ({
      commitmentId: c.id,
      venueId: c.venue_id ?? null,
      venueName: c.venue_id ? (names[c.venue_id] ?? null) : null,
      programId: c.program_id ?? null,
      entitySeats: c.entity_seats ?? 0,
      window: c.start_time && c.end_time ? `${c.start_time}–${c.end_time}` : null,
    }));
    return { kind: 'allocation-used-up', searched, allocations, otherTimes: fitting };
  }
  if (anyParty.length > 0) {
    if (f.time && fitting.length > 0) return { kind: 'time', searched, otherTimes: fitting };
    const largest =
      Math.max(...anyParty.filter((o) => !f.time || o.time === f.time).map((o) => o.seats_available), 0) ||
      Math.max(...anyParty.map((o) => o.seats_available));
    return { kind: 'party-size', searched, largestParty: largest };
  }
  if (
    f.time &&
    commitments &&
    (commitments ?? []).some(
      (c) => c.assignment_status === 'assigned' && (c.entity_seats ?? 0) > 0 && covers(c, { ...f, time: null }, venues),
    )
  ) {
    return { kind: 'time', searched, otherTimes: [] };
  }
  return { kind: 'date', searched };
}

/** At most this many other times are named; more are said as "and later". */
const TIMES_NAMED = 6;

/** Joins a list as the language does ("a, b and c"); English as the dashboard writes it, without a serial comma. */
export function listFormat(locale: string): (items: string[]) => string {
  const format = new Intl.ListFormat(locale === 'en' ? 'en-GB' : locale, { type: 'conjunction' });
  return (items) => format.format(items);
}

/** The explanation with its date in the words of `locale` ("3 December 2026"). */
export const withDateIn = (n: NoAvailability, calendarDate: (date: string) => string): NoAvailability => ({
  ...n,
  searched: { ...n.searched, dateLabel: calendarDate(n.searched.date) },
});

/**
 * A NoAvailability in a reader's words: `t` their translator, `list` their language's way of
 * joining a list (`listFormat`); its date as `searched.dateLabel` says it (`withDateIn`).
 */
export function describeNoAvailability(n: NoAvailability, t: Translate, list: (items: string[]) => string): string {
  const s = n.searched;
  const date = s.dateLabel ?? s.date;
  const where = { place: s.place, venue: s.venueName ?? '', date };
  const times = (all: string[]) => ({
    times: list(all.slice(0, TIMES_NAMED)),
    more: all.length > TIMES_NAMED ? 'yes' : 'no',
  });
  switch (n.kind) {
    case 'allocation-used-up':
      return t('booking.noAvailability.usedUp', {
        date,
        commitments: list(
          n.allocations.map((a) =>
            t('booking.noAvailability.commitment', {
              id: a.commitmentId.slice(0, 8),
              at: a.venueName ? 'yes' : 'no',
              venue: a.venueName ?? '',
              timed: a.window ? 'yes' : 'no',
              window: a.window ?? '',
              seats: a.entitySeats,
            }),
          ),
        ),
        others: n.otherTimes.length > 0 ? 'yes' : 'no',
        ...times(n.otherTimes),
      });
    case 'time':
      return n.otherTimes.length > 0
        ? t('booking.noAvailability.otherTimes', {
            ...where,
            party: s.partySize,
            time: s.time ?? '',
            ...times(n.otherTimes),
          })
        : t('booking.noAvailability.noSeatsAtTime', { ...where, time: s.time ?? '' });
    case 'party-size':
      return t('booking.noAvailability.partyTooLarge', { ...where, largest: n.largestParty, party: s.partySize });
    case 'date':
      return t('booking.noAvailability.noSeatsOnDay', { ...where, weekday: WEEKDAYS[isoWeekday(s.date) - 1]! });
  }
}
