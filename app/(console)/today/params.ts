import { z } from 'zod';

import { RESERVATION_STATUSES } from '@/lib/guestbook/reservation-statuses';
import type { SheetFilters } from '@/lib/today/day-sheet';

/** What the Today page's address says: the day (null: today at the venues), the filters, the reservation open beside the list. */
export interface TodayParams extends SheetFilters {
  date: string | null;
  open: string | null;
  /** the venue whose pacing is shown (else the venue filtered on, else the busiest) */
  pacing: string | null;
}

const uuid = z.guid();
const isoDate = z.iso.date();

/** The page's address, read leniently: a value that is not one is dropped rather than failing the page. */
export function readTodayParams(params: Record<string, string | string[] | undefined>): TodayParams {
  const one = (k: string) => {
    const v = params[k];
    return Array.isArray(v) ? v[0] : v;
  };
  const id = (k: string) => {
    const v = one(k);
    return v && uuid.safeParse(v).success ? v : null;
  };
  const date = one('date');
  const status = one('status');
  return {
    date: date && isoDate.safeParse(date).success ? date : null,
    venue: id('venue'),
    program: id('program'),
    status: status && (RESERVATION_STATUSES as readonly string[]).includes(status) ? status : null,
    open: id('open'),
    pacing: id('pacing'),
  };
}

/** The page's address with some of its values changed (null removes one). */
export function todayHref(current: TodayParams, patch: Partial<TodayParams>): string {
  const next = { ...current, ...patch };
  const q = new URLSearchParams();
  for (const key of ['date', 'venue', 'status', 'program', 'pacing', 'open'] as const) {
    const v = next[key];
    if (v) q.set(key, v);
  }
  const s = q.toString();
  return s ? `/today?${s}` : '/today';
}
