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
  programId: string | null;
  entitySeats: number;
  window: string | null;
}

export type NoAvailability =
  | { kind: 'time'; message: string; otherTimes: string[] }
  | { kind: 'party-size'; message: string; largestParty: number }
  | { kind: 'allocation-used-up'; message: string; allocations: UsedUpAllocation[] }
  | { kind: 'date'; message: string };

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
/** ISO day of week of a YYYY-MM-DD date: 1 = Monday … 7 = Sunday. */
export const isoWeekday = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

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

const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

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
  const where = f.venueId ? (names[f.venueId] ?? 'this venue') : 'this market';
  const party = `${f.partySize} ${f.partySize === 1 ? 'guest' : 'guests'}`;
  const venues = venueIds ? new Set(venueIds) : null;
  const fitting = [...new Set(anyParty.filter((o) => o.seats_available >= f.partySize).map((o) => o.time))].sort();
  const fittingText = `${list(fitting.slice(0, 6))}${fitting.length > 6 ? ' and later' : ''}`;
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
      programId: c.program_id ?? null,
      entitySeats: c.entity_seats ?? 0,
      window: c.start_time && c.end_time ? `${c.start_time}–${c.end_time}` : null,
    }));
    const named = allocations.map(
      (a) =>
        `commitment ${a.commitmentId.slice(0, 8)}${a.venueId && names[a.venueId] ? ` at ${names[a.venueId]}` : ''}${a.window ? ` (${a.window})` : ''}, ${a.entitySeats} ${a.entitySeats === 1 ? 'seat' : 'seats'}`,
    );
    const others =
      fitting.length > 0 ? ` Other times that day still have room: ${fittingText}.` : ' Otherwise try another date.';
    return {
      kind: 'allocation-used-up',
      allocations,
      message: `The entity's allocation is used up for ${f.date}: every seat of ${list(named)} is already held or booked. A larger allocation in the grid would make room.${others}`,
    };
  }
  if (anyParty.length > 0) {
    if (f.time && fitting.length > 0) {
      return {
        kind: 'time',
        otherTimes: fitting,
        message: `No table for ${party} at ${f.time} on ${f.date} at ${where}, but there is at ${fittingText}. Clear the time, or pick one of these.`,
      };
    }
    const largest =
      Math.max(...anyParty.filter((o) => !f.time || o.time === f.time).map((o) => o.seats_available), 0) ||
      Math.max(...anyParty.map((o) => o.seats_available));
    return {
      kind: 'party-size',
      largestParty: largest,
      message: `At most ${largest} ${largest === 1 ? 'seat is' : 'seats are'} left at one time on ${f.date} at ${where}, so a party of ${f.partySize} does not fit. Reduce the party size, or try another date${f.venueId ? ' or search the whole market' : ''}.`,
    };
  }
  const day = WEEKDAYS[isoWeekday(f.date) - 1];
  if (
    f.time &&
    commitments &&
    (commitments ?? []).some(
      (c) => c.assignment_status === 'assigned' && (c.entity_seats ?? 0) > 0 && covers(c, { ...f, time: null }, venues),
    )
  ) {
    return {
      kind: 'time',
      otherTimes: [],
      message: `No seats at ${f.time} on ${f.date} at ${where}. Clear the time to see the day's times.`,
    };
  }
  return {
    kind: 'date',
    message: `The entity has no seats at ${where} on ${day}, ${f.date}. Try another date${f.venueId ? ', or search the whole market' : ', or another market'}.`,
  };
}
