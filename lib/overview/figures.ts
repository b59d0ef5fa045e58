/**
 * The overview's figures, computed from what the API returned: framework-free and pure, so that
 * the page, its tests and the e2e that checks them against the sandbox count the same way.
 */
import { wallClockAt } from '../format/days';

export interface ReservationLike {
  id: string;
  status: string;
  venue_id?: string;
  date?: string;
  time?: string;
  party_size?: number;
  guest?: { first_name: string; last_name: string };
}

export interface VenueLike {
  id: string;
  name: string;
  time_zone?: string;
}

export interface CommitmentLike {
  id: string;
  assignment_status: string;
  total_seats: number;
  entity_seats: number | null;
  peer_seats: number;
  unallocated_seats: number;
  venue_id?: string;
  program_id?: string;
  agreement_id?: string;
}

/** A venue's calendar date and wall-clock time at `now` (its own time zone, else UTC). */
export function localNow(timeZone: string | undefined, now: Date): { date: string; time: string } {
  const c = wallClockAt(now, timeZone ?? 'UTC');
  const two = (n: number) => String(n).padStart(2, '0');
  return { date: `${c.year}-${two(c.month)}-${two(c.day)}`, time: `${two(c.hour)}:${two(c.minute)}` };
}

/**
 * The date the overview calls today: the local date of most of the venues (the later one on a
 * tie), so that one date, and the search it links to, stands for the day at every venue.
 */
export function todayOf(venues: readonly VenueLike[], now: Date): string {
  const votes = new Map<string, number>();
  for (const v of venues.length ? venues : [{ id: '', name: '' }]) {
    const date = localNow(v.time_zone, now).date;
    votes.set(date, (votes.get(date) ?? 0) + 1);
  }
  return [...votes.entries()].sort((a, b) => b[1] - a[1] || b[0].localeCompare(a[0]))[0]![0];
}

export interface StatusFigure {
  status: string;
  reservations: number;
  covers: number;
}

export interface TodayFigures {
  /** today's reservations and covers, canceled ones left out */
  reservations: number;
  covers: number;
  byStatus: StatusFigure[];
  noShows: number;
  /**
   * the next arrivals still to come, in their venue's local time; a venue the list does not hold
   * and a reservation without a guest are null, for the page to name in the reader's language
   */
  nextArrivals: { id: string; time: string; venueName: string | null; partySize: number; guest: string | null }[];
}

const ARRIVING = new Set(['pending', 'confirmed']);

/** The figures of `today`; an arrival is still to come when its time is not past at its venue. */
export function todayFigures(
  reservations: readonly ReservationLike[],
  venues: readonly VenueLike[],
  today: string,
  now: Date,
  arrivals = 5,
): TodayFigures {
  const venueById = new Map(venues.map((v) => [v.id, v]));
  const todays = reservations.filter((r) => r.date === today);
  const byStatus = new Map<string, StatusFigure>();
  for (const r of todays) {
    const f = byStatus.get(r.status) ?? { status: r.status, reservations: 0, covers: 0 };
    f.reservations++;
    f.covers += r.party_size ?? 0;
    byStatus.set(r.status, f);
  }
  const nextArrivals = todays
    .filter(
      (r) =>
        ARRIVING.has(r.status) && r.time && r.time >= localNow(venueById.get(r.venue_id ?? '')?.time_zone, now).time,
    )
    .sort((a, b) => a.time!.localeCompare(b.time!))
    .slice(0, arrivals)
    .map((r) => ({
      id: r.id,
      time: r.time!.slice(0, 5),
      venueName: venueById.get(r.venue_id ?? '')?.name ?? null,
      partySize: r.party_size ?? 0,
      guest: r.guest ? `${r.guest.first_name} ${r.guest.last_name}` : null,
    }));
  const kept = todays.filter((r) => r.status !== 'canceled');
  return {
    reservations: kept.length,
    covers: kept.reduce((n, r) => n + (r.party_size ?? 0), 0),
    byStatus: [...byStatus.values()].sort(
      (a, b) => b.reservations - a.reservations || a.status.localeCompare(b.status),
    ),
    noShows: byStatus.get('no_show')?.reservations ?? 0,
    nextArrivals,
  };
}

/** `count` consecutive ISO dates from `first`. */
export function dateRange(first: string, count: number): string[] {
  const start = Date.parse(`${first}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
}

/** Covers (sum of party sizes) per day over `dates`, canceled reservations left out. */
export function coversByDay(
  reservations: readonly ReservationLike[],
  dates: readonly string[],
): { date: string; covers: number; reservations: number }[] {
  const out = new Map(dates.map((d) => [d, { date: d, covers: 0, reservations: 0 }]));
  for (const r of reservations) {
    const day = r.date ? out.get(r.date) : undefined;
    if (!day || r.status === 'canceled') continue;
    day.covers += r.party_size ?? 0;
    day.reservations++;
  }
  return [...out.values()];
}

export interface VenueAllocation {
  venueId: string;
  /** null: a venue the venue list does not hold (the page names it) */
  venueName: string | null;
  /** seats of this entity on the venue's assigned commitments */
  allocated: number;
  total: number;
  unallocated: number;
}

export interface CommitmentFill {
  id: string;
  /** null: a venue the venue list does not hold (the page names it) */
  venueName: string | null;
  allocated: number;
  total: number;
  /** allocated ÷ total, 0 to 1 */
  share: number;
}

export interface AllocationFigures {
  byVenue: VenueAllocation[];
  fullest: CommitmentFill[];
  emptiest: CommitmentFill[];
  /** commitments whose agreement ended, by agreement */
  endedAgreements: { agreementId: string; commitments: number; seats: number }[];
}

/** How full the entity's allocations are: per venue, the fullest and emptiest commitments, ended agreements. */
export function allocationFigures(
  rows: readonly CommitmentLike[],
  venues: readonly VenueLike[],
  top = 3,
): AllocationFigures {
  const venueName = (id: string | undefined) => venues.find((v) => v.id === id)?.name ?? null;
  const assigned = rows.filter((r) => r.assignment_status === 'assigned');
  const byVenue = new Map<string, VenueAllocation>();
  for (const r of assigned) {
    const key = r.venue_id ?? '';
    const v = byVenue.get(key) ?? {
      venueId: key,
      venueName: venueName(r.venue_id),
      allocated: 0,
      total: 0,
      unallocated: 0,
    };
    v.allocated += r.entity_seats ?? 0;
    v.total += r.total_seats;
    v.unallocated += r.unallocated_seats;
    byVenue.set(key, v);
  }
  const fills = assigned
    .filter((r) => r.total_seats > 0)
    .map((r) => ({
      id: r.id,
      venueName: venueName(r.venue_id),
      allocated: r.entity_seats ?? 0,
      total: r.total_seats,
      share: (r.entity_seats ?? 0) / r.total_seats,
    }));
  const ended = new Map<string, { agreementId: string; commitments: number; seats: number }>();
  for (const r of rows.filter((row) => row.assignment_status === 'ended')) {
    const key = r.agreement_id ?? 'unknown';
    const a = ended.get(key) ?? { agreementId: key, commitments: 0, seats: 0 };
    a.commitments++;
    a.seats += r.entity_seats ?? 0;
    ended.set(key, a);
  }
  return {
    // by name; a venue the list does not hold last
    byVenue: [...byVenue.values()].sort((a, b) =>
      a.venueName === null || b.venueName === null
        ? Number(a.venueName === null) - Number(b.venueName === null)
        : a.venueName.localeCompare(b.venueName),
    ),
    fullest: [...fills].sort((a, b) => b.share - a.share || b.allocated - a.allocated).slice(0, top),
    emptiest: [...fills].sort((a, b) => a.share - b.share || a.allocated - b.allocated).slice(0, top),
    endedAgreements: [...ended.values()],
  };
}

/**
 * Every entity's rows of the same commitment as one row for the whole partner: the entities'
 * seats added up; total and unallocated seats are the commitment's own, counted once. A
 * commitment is assigned for the partner when it is assigned to any entity, else ended when
 * ended for any.
 */
export function partnerRows<T extends CommitmentLike>(rowsByEntity: readonly (readonly T[])[]): T[] {
  const merged = new Map<string, T>();
  for (const rows of rowsByEntity) {
    for (const r of rows) {
      if (r.assignment_status === 'unassigned') continue;
      const seen = merged.get(r.id);
      if (!seen) {
        merged.set(r.id, { ...r, entity_seats: r.entity_seats ?? 0 });
        continue;
      }
      const status = seen.assignment_status === 'assigned' || r.assignment_status === 'assigned' ? 'assigned' : 'ended';
      // seats of assigned rows count toward the assigned commitment; of ended rows toward the ended one
      const seats =
        status === 'assigned'
          ? (seen.assignment_status === 'assigned' ? (seen.entity_seats ?? 0) : 0) +
            (r.assignment_status === 'assigned' ? (r.entity_seats ?? 0) : 0)
          : (seen.entity_seats ?? 0) + (r.entity_seats ?? 0);
      merged.set(r.id, { ...seen, assignment_status: status, entity_seats: seats });
    }
  }
  return [...merged.values()];
}
