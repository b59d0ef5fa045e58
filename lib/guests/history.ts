/**
 * A guest's history with the partner, from their reservations: counts, the last visit, the usual
 * party size, and the flags a host acts on. Framework-free: the server computes it, tests check it.
 */

/** The fields of a reservation a history needs (the API's reservation has them all). */
export interface HistoryReservation {
  id: string;
  status: string;
  entity_id?: string;
  venue_id?: string;
  date?: string;
  time?: string;
  party_size?: number;
}

/** No-shows within this many days before today raise the flag… */
export const NO_SHOW_DAYS = 90;
/** …when there are at least this many. */
export const NO_SHOWS_FLAGGED = 2;

export type GuestFlag = { kind: 'noShows'; count: number; days: number } | { kind: 'firstVisit' };

export interface GuestSummary {
  /** completed reservations */
  visits: number;
  cancellations: number;
  noShows: number;
  /** not canceled, not final, today or later */
  upcoming: number;
  /** the date of the last completed visit (YYYY-MM-DD), or null */
  lastVisit: string | null;
  /** the median party size of the visits (of every reservation kept when there was none yet), or null */
  usualPartySize: number | null;
  flags: GuestFlag[];
}

const UPCOMING = new Set(['pending', 'confirmed']);

/** `iso` (YYYY-MM-DD) moved by `days`. */
export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

function median(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

/**
 * The summary of a guest's reservations as of `today` (the venue's date, YYYY-MM-DD). "First
 * visit" is said when no visit was completed before `before` (a reservation's own date; default
 * today): the guest has not eaten here yet.
 */
export function summarizeHistory(
  reservations: readonly HistoryReservation[],
  today: string,
  before: string = today,
): GuestSummary {
  const count = (status: string) => reservations.filter((r) => r.status === status).length;
  const visits = reservations.filter((r) => r.status === 'completed');
  const since = addDays(today, -NO_SHOW_DAYS);
  const recentNoShows = reservations.filter(
    (r) => r.status === 'no_show' && r.date !== undefined && r.date >= since && r.date <= today,
  ).length;
  const sizes = (rs: readonly HistoryReservation[]) => rs.flatMap((r) => (r.party_size ? [r.party_size] : []));
  const kept = reservations.filter((r) => r.status !== 'canceled');
  const flags: GuestFlag[] = [];
  if (recentNoShows >= NO_SHOWS_FLAGGED) flags.push({ kind: 'noShows', count: recentNoShows, days: NO_SHOW_DAYS });
  if (!visits.some((r) => r.date !== undefined && r.date < before)) flags.push({ kind: 'firstVisit' });
  return {
    visits: visits.length,
    cancellations: count('canceled'),
    noShows: count('no_show'),
    upcoming: reservations.filter((r) => UPCOMING.has(r.status) && r.date !== undefined && r.date >= today).length,
    lastVisit: visits.reduce<string | null>((last, r) => (r.date && (!last || r.date > last) ? r.date : last), null),
    usualPartySize: median(sizes(visits)) ?? median(sizes(kept)),
    flags,
  };
}

/** Newest first: by date, then time. */
export const byDateDescending = (a: HistoryReservation, b: HistoryReservation) =>
  `${b.date ?? ''}T${b.time ?? ''}`.localeCompare(`${a.date ?? ''}T${a.time ?? ''}`);
