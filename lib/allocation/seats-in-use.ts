/**
 * How many of an entity's seats on a commitment are already booked, where the API lets that be
 * known. A reservation names its venue, program, date and time but not its commitment; the
 * commitment rows (as the sandbox returns them) name their venue, program, days and window. A
 * reservation is counted on the one commitment that matches; one that matches several leaves
 * those cells unknown. Seats are bound per date, so a cell's figure is its busiest date from
 * `from` on. Holds cannot be listed through the API (a hold lasts minutes), so they are not in it.
 */
import { isoWeekday as isoDay, minutesOfDay as minutes } from '../format/days';
import { said, type Said } from '../i18n/said';

export interface ReservationSeats {
  status: string;
  venue_id?: string | null;
  program_id: string | null;
  date?: string | null;
  time?: string | null;
  party_size?: number | null;
}

export interface CommitmentWindow {
  id: string;
  venue_id?: string;
  program_id?: string;
  days_of_week?: number[];
  start_time?: string;
  end_time?: string;
}

export interface SeatsInUse {
  /** seats booked on the busiest date */
  seats: number;
  /** that date (null when nothing is booked) */
  date: string | null;
  /** false when some reservation could belong to this commitment or another */
  known: boolean;
}

/** Statuses that no longer hold seats. */
const RELEASED = new Set(['canceled', 'completed', 'no_show']);

function matches(c: CommitmentWindow, r: ReservationSeats): boolean {
  if (!c.venue_id || !c.program_id || !c.days_of_week || !c.start_time || !c.end_time) return false;
  if (c.venue_id !== r.venue_id || c.program_id !== r.program_id) return false;
  if (!c.days_of_week.includes(isoDay(r.date!))) return false;
  const m = minutes(r.time!);
  return m >= minutes(c.start_time) && m < minutes(c.end_time);
}

/** Seats in use per commitment id, for one entity's live reservations from `from` (YYYY-MM-DD) on. */
export function seatsInUseByCommitment(
  commitments: readonly CommitmentWindow[],
  reservations: readonly ReservationSeats[],
  from: string,
): Map<string, SeatsInUse> {
  const perDate = new Map<string, Map<string, number>>();
  const unknown = new Set<string>();
  for (const r of reservations) {
    if (RELEASED.has(r.status) || !r.date || r.date < from || !r.time || !r.party_size || !r.program_id) continue;
    const hits = commitments.filter((c) => matches(c, r));
    if (hits.length > 1) for (const c of hits) unknown.add(c.id);
    if (hits.length !== 1) continue;
    const dates = perDate.get(hits[0]!.id) ?? new Map<string, number>();
    dates.set(r.date, (dates.get(r.date) ?? 0) + r.party_size);
    perDate.set(hits[0]!.id, dates);
  }
  const out = new Map<string, SeatsInUse>();
  for (const c of commitments) {
    let best: { seats: number; date: string | null } = { seats: 0, date: null };
    for (const [date, seats] of perDate.get(c.id) ?? [])
      if (seats > best.seats || (seats === best.seats && best.date && date < best.date)) best = { seats, date };
    out.set(c.id, { ...best, known: !unknown.has(c.id) });
  }
  return out;
}

export interface ReductionWarning {
  commitmentId: string;
  entityId: string;
  after: number;
  inUse: SeatsInUse;
  message: Said;
}

/**
 * The edits that would put a cell below the seats already booked on it, each with a message to
 * show before apply (the API accepts such a value; the bookings stay, over the allocation).
 * A cell whose figure is not known gets a warning that says so when it is reduced at all.
 */
export function reductionWarnings(
  edits: readonly { commitmentId: string; entityId: string; before: number; after: number }[],
  inUse: (entityId: string, commitmentId: string) => SeatsInUse | undefined,
): ReductionWarning[] {
  const out: ReductionWarning[] = [];
  for (const e of edits) {
    if (e.after >= e.before) continue;
    const use = inUse(e.entityId, e.commitmentId);
    if (!use) continue;
    if (use.known && e.after >= use.seats) continue;
    const message = use.known
      ? said('allocations.seatsBooked.belowBooked', { after: e.after, seats: use.seats, date: use.date ?? '' })
      : said('allocations.seatsBooked.unknownUse', { seats: use.seats, date: use.date ?? '' });
    if (!use.known && e.after >= use.seats && use.seats === 0 && e.after > 0) {
      // Nothing known to be booked and the cell stays open: no warning worth a stop.
      continue;
    }
    out.push({ commitmentId: e.commitmentId, entityId: e.entityId, after: e.after, inUse: use, message });
  }
  return out;
}
