/** A guest's history as the console shows it (the server writes its dates for the member). */
import type { GuestSummary } from './history';
import type { GuestNotes } from './schemas';

/** One reservation of a guest's history, its date and time written for the member. */
export interface HistoryRow {
  id: string;
  status: string;
  date: string | null;
  dateLabel: string;
  timeLabel: string;
  partySize: number | null;
  entityName: string | null;
  venueName: string | null;
  tags: string[];
}

/** What the console shows of a guest wherever they appear: their reservations with the partner, the summary, staff's notes. */
export interface GuestHistoryView {
  email: string;
  rows: HistoryRow[];
  /** reservations beyond HISTORY_MAX, not listed (the counts include them) */
  more: number;
  summary: GuestSummary;
  lastVisitLabel: string | null;
  notes: GuestNotes;
  /** when part of it comes from the entities' books (the dashboard's copy), the oldest read's time, written for the member */
  asOfLabel: string | null;
  /** API requests the history made (0: every entity's book was fresh) */
  requests: number;
}
