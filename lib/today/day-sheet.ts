/**
 * The day of service as a host reads it: one day's reservations of an entity, by venue and by
 * quarter hour, with the covers of each quarter. Framework-free and pure, so that the page, its
 * tests and the e2e that checks it against the sandbox count the same way.
 */
import { clockTime as hhmm, minutesOfDay as minutesOf } from '../format/days';

export interface SheetReservation {
  id: string;
  status: string;
  venue_id?: string;
  program_id: string | null;
  seating_area_id?: string | null;
  date?: string;
  time?: string;
  party_size?: number;
  guest?: { first_name: string; last_name: string; email: string };
  notes?: string | null;
}

export interface SheetVenue {
  id: string;
  name: string;
  seating_areas?: readonly { id: string; name: string }[];
}

export interface SheetFilters {
  venue: string | null;
  status: string | null;
  program: string | null;
}

export const NO_FILTERS: SheetFilters = { venue: null, status: null, program: null };

export interface SheetRow {
  id: string;
  time: string;
  status: string;
  partySize: number;
  guest: { name: string; email: string } | null;
  programId: string | null;
  seatingArea: string | null;
  notes: string | null;
  /** left out of the covers: a canceled reservation keeps no seat */
  counted: boolean;
}

export interface SheetQuarter {
  /** the quarter hour's first minute, `HH:MM` */
  quarter: string;
  covers: number;
  rows: SheetRow[];
}

export interface SheetVenueDay {
  venueId: string;
  venueName: string | null;
  reservations: number;
  covers: number;
  quarters: SheetQuarter[];
}

/** Whether a reservation holds seats: every status but canceled (a no-show's seats were held). */
export const holdsSeats = (status: string) => status !== 'canceled';

/** The quarter hour a time falls in, as its first minute (`19:40` → `19:30`). */
export const quarterOf = (time: string) => hhmm(Math.floor(minutesOf(time) / 15) * 15);

/** The quarter hours from `start` (inclusive) to `end` (exclusive). */
export function quartersBetween(start: string, end: string): string[] {
  const out: string[] = [];
  for (let m = Math.floor(minutesOf(start) / 15) * 15; m < minutesOf(end); m += 15) out.push(hhmm(m));
  return out;
}

export function matchesFilters(r: SheetReservation, f: SheetFilters): boolean {
  return (
    (!f.venue || r.venue_id === f.venue) &&
    (!f.status || r.status === f.status) &&
    (!f.program || r.program_id === f.program)
  );
}

/**
 * The sheet of `date`: each venue with reservations that day (in the venues' order), its quarter
 * hours in time order, and in each the reservations by time and guest. Canceled reservations are
 * listed but hold no covers.
 */
export function daySheet(
  reservations: readonly SheetReservation[],
  venues: readonly SheetVenue[],
  date: string,
  filters: SheetFilters = NO_FILTERS,
): SheetVenueDay[] {
  const venueById = new Map(venues.map((v) => [v.id, v]));
  const byVenue = new Map<string, Map<string, SheetQuarter>>();
  for (const r of reservations) {
    if (r.date !== date || !r.time || !matchesFilters(r, filters)) continue;
    const venueId = r.venue_id ?? '';
    const quarters = byVenue.get(venueId) ?? new Map<string, SheetQuarter>();
    byVenue.set(venueId, quarters);
    const key = quarterOf(r.time);
    const quarter = quarters.get(key) ?? { quarter: key, covers: 0, rows: [] };
    quarters.set(key, quarter);
    const counted = holdsSeats(r.status);
    if (counted) quarter.covers += r.party_size ?? 0;
    const venue = venueById.get(venueId);
    quarter.rows.push({
      id: r.id,
      time: r.time.slice(0, 5),
      status: r.status,
      partySize: r.party_size ?? 0,
      guest: r.guest ? { name: `${r.guest.first_name} ${r.guest.last_name}`, email: r.guest.email } : null,
      programId: r.program_id,
      seatingArea: venue?.seating_areas?.find((a) => a.id === r.seating_area_id)?.name ?? null,
      notes: r.notes ?? null,
      counted,
    });
  }
  const order = (id: string) => {
    const i = venues.findIndex((v) => v.id === id);
    return i < 0 ? venues.length : i;
  };
  return [...byVenue.entries()]
    .sort(([a], [b]) => order(a) - order(b))
    .map(([venueId, quarters]) => {
      const sorted = [...quarters.values()].sort((a, b) => a.quarter.localeCompare(b.quarter));
      for (const q of sorted)
        q.rows.sort((a, b) => a.time.localeCompare(b.time) || (a.guest?.name ?? '').localeCompare(b.guest?.name ?? ''));
      const rows = sorted.flatMap((q) => q.rows);
      return {
        venueId,
        venueName: venueById.get(venueId)?.name ?? null,
        reservations: rows.filter((r) => r.counted).length,
        covers: sorted.reduce((n, q) => n + q.covers, 0),
        quarters: sorted,
      };
    });
}
