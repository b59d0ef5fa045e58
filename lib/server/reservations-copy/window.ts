/** The window's days and its stored state: which days, when read, the newest reservation seen. */
import { eq } from 'drizzle-orm';

import { dateRange, todayOf, type VenueLike } from '../../overview/figures';
import type { DashboardDb } from '../db/open';
import { reservationsWindow, type ReservationWindowRow } from '../db/schema';

/** The overview's 14 days (OVERVIEW_DAYS): today at the venues and the 13 after it. */
export const WINDOW_DAYS = 14;

/** The days re-read in full on every turn: today and tomorrow, where most changes happen. */
export const NEAR_DAYS = 2;

/** How often the rest of the window is re-read in full (the turns between only read the near days and new reservations). */
export const FULL_READ_EVERY_MS = 10 * 60_000;

/** How far before the newest created_at seen the next turn asks for new reservations (clocks and commits are not in step). */
export const CREATED_OVERLAP_MS = 5 * 60_000;

export interface WindowDays {
  first: string;
  last: string;
}

/** Every date a reservation can have (YYYY-MM-DD): the days of the book (book.ts), and a search's bounds when it gives none. */
export const EVERY_DAY: WindowDays = { first: '0000-01-01', last: '9999-12-31' };

/** The window that starts on `today` (a date at the venues). */
export function windowFrom(today: string): WindowDays {
  const days = dateRange(today, WINDOW_DAYS);
  return { first: days[0]!, last: days.at(-1)! };
}

/** Today at the venues (the date of most of them, as the overview says), and the days the turn re-reads in full. */
export function daysAt(venues: readonly VenueLike[], now: Date): { window: WindowDays; near: WindowDays } {
  const today = todayOf(venues, now);
  const near = dateRange(today, NEAR_DAYS);
  return { window: windowFrom(today), near: { first: near[0]!, last: near.at(-1)! } };
}

export type WindowState = ReservationWindowRow;

/** A context's window as last stored, or null before its first turn. */
export async function windowOf(db: Pick<DashboardDb, 'select'>, context: string): Promise<WindowState | null> {
  const [row] = await db.select().from(reservationsWindow).where(eq(reservationsWindow.context, context));
  return row ?? null;
}

/** Whether the turn at `now` re-reads every day of the window. */
export function needsFullRead(state: WindowState | null, window: WindowDays, now: Date): boolean {
  return (
    !state ||
    state.firstDay !== window.first ||
    state.lastDay !== window.last ||
    now.getTime() - state.fullReadAt.getTime() >= FULL_READ_EVERY_MS
  );
}

/** The later of two created_at timestamps (as instants); null when neither is known. */
export function laterCreatedAt(a: string | null | undefined, b: string | null | undefined): string | null {
  if (!a || Number.isNaN(Date.parse(a))) return b ?? null;
  if (!b || Number.isNaN(Date.parse(b))) return a;
  return Date.parse(b) > Date.parse(a) ? b : a;
}
