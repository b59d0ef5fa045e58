/**
 * Covers pacing: for one venue and one day, the covers booked in each quarter hour on each of the
 * entity's commitments that run then, against the seats allocated to the entity on it. A
 * commitment's seats hold for the whole day (the API's seats taken are counted per date), so a
 * quarter shows the covers arriving in it and how full the commitment is once they have come.
 * Framework-free and pure.
 */
import { isoWeekday } from '../format/days';
import { holdsSeats, quarterOf, quartersBetween, type SheetReservation } from './day-sheet';

export interface PacingCommitment {
  id: string;
  assignment_status: string;
  entity_seats: number | null;
  venue_id?: string;
  program_id?: string;
  days_of_week?: readonly number[];
  start_time?: string;
  end_time?: string;
}

/** ≥ 80 % of the seats used: nearly full; all of them: full. */
export const NEARLY_FULL = 0.8;
export type PacingLevel = 'open' | 'nearlyFull' | 'full';

export interface PacingCell {
  quarter: string;
  /** covers arriving in this quarter hour on the commitment */
  covers: number;
  /** covers booked on the commitment up to the end of this quarter hour */
  used: number;
  level: PacingLevel;
}

export interface PacingLine {
  commitmentId: string;
  programId: string | null;
  start: string;
  end: string;
  seats: number;
  /** covers booked on the commitment that day */
  booked: number;
  remaining: number;
  level: PacingLevel;
  cells: PacingCell[];
}

export interface VenuePacing {
  /** every quarter hour some commitment of the venue runs, in order */
  quarters: string[];
  lines: PacingLine[];
  /** covers booked at the venue that day on no commitment that runs then (not paced) */
  unpaced: number;
}

export const levelOf = (used: number, seats: number): PacingLevel =>
  seats <= 0
    ? used > 0
      ? 'full'
      : 'open'
    : used >= seats
      ? 'full'
      : used >= seats * NEARLY_FULL
        ? 'nearlyFull'
        : 'open';

const runsAt = (c: PacingCommitment, time: string) =>
  !!c.start_time && !!c.end_time && time >= c.start_time && time < c.end_time;

/**
 * The pacing of `venueId` on `date`: one line per assigned commitment of the entity at the venue
 * that runs that weekday, in time and then program order. A reservation counts on the commitment
 * of its venue and program whose hours hold its time.
 */
export function venuePacing(
  reservations: readonly SheetReservation[],
  commitments: readonly PacingCommitment[],
  venueId: string,
  date: string,
): VenuePacing {
  const weekday = isoWeekday(date);
  const running = commitments
    .filter(
      (c) =>
        c.assignment_status === 'assigned' &&
        c.venue_id === venueId &&
        c.start_time &&
        c.end_time &&
        (c.days_of_week ?? []).includes(weekday),
    )
    .sort(
      (a, b) => a.start_time!.localeCompare(b.start_time!) || (a.program_id ?? '').localeCompare(b.program_id ?? ''),
    );
  const arrivals = new Map<string, Map<string, number>>(running.map((c) => [c.id, new Map()]));
  let unpaced = 0;
  for (const r of reservations) {
    if (r.venue_id !== venueId || r.date !== date || !r.time || !holdsSeats(r.status)) continue;
    const time = r.time.slice(0, 5);
    const c = running.find((c) => c.program_id === r.program_id && runsAt(c, time));
    if (!c) {
      unpaced += r.party_size ?? 0;
      continue;
    }
    const byQuarter = arrivals.get(c.id)!;
    byQuarter.set(quarterOf(time), (byQuarter.get(quarterOf(time)) ?? 0) + (r.party_size ?? 0));
  }
  const quarters = [...new Set(running.flatMap((c) => quartersBetween(c.start_time!, c.end_time!)))].sort();
  const lines = running.map((c): PacingLine => {
    const seats = c.entity_seats ?? 0;
    const byQuarter = arrivals.get(c.id)!;
    let used = 0;
    const cells = quartersBetween(c.start_time!, c.end_time!).map((quarter) => {
      const covers = byQuarter.get(quarter) ?? 0;
      used += covers;
      return { quarter, covers, used, level: levelOf(used, seats) };
    });
    return {
      commitmentId: c.id,
      programId: c.program_id ?? null,
      start: c.start_time!,
      end: c.end_time!,
      seats,
      booked: used,
      remaining: Math.max(0, seats - used),
      level: levelOf(used, seats),
      cells,
    };
  });
  return { quarters, lines, unpaced };
}
