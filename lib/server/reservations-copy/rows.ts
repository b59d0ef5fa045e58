/** A reservation as a row of the copy, and what changed between two versions of one. */
import { Reservation } from '../../guestbook/schemas';
import type { ReservationCopyRow } from '../db/schema';

/** The row of `r` in `context`; null when it has no date (no window holds it). */
export function rowOf(context: string, r: Reservation, syncedAt: Date): ReservationCopyRow | null {
  if (!r.date) return null;
  const createdAtMs = r.created_at ? Date.parse(r.created_at) : NaN;
  return {
    context,
    id: r.id,
    venueId: r.venue_id ?? null,
    programId: r.program_id ?? null,
    date: r.date,
    time: r.time ?? null,
    status: r.status,
    partySize: r.party_size ?? null,
    locale: r.locale ?? null,
    createdAt: r.created_at ?? null,
    createdAtMs: Number.isNaN(createdAtMs) ? null : createdAtMs,
    updatedAt: r.updated_at ?? null,
    guestEmailLower: r.guest ? r.guest.email.toLowerCase() : null,
    guestLastName: r.guest?.last_name ?? null,
    guestLastNameLower: r.guest ? r.guest.last_name.toLowerCase() : null,
    reservation: r as Record<string, unknown>,
    syncedAt,
  };
}

/** The reservation a row keeps, as the API returned it. */
export const reservationOf = (row: Pick<ReservationCopyRow, 'reservation'>): Reservation =>
  Reservation.parse(row.reservation);

/** One field that changed: `guest.email` for a field of the guest. */
export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

/** Fields every change moves, which say nothing of their own. */
const BOOKKEEPING = new Set(['updated_at']);

/** A stable text of a value: objects with their keys sorted (jsonb reorders them). */
function stable(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined';
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stable(v)}`).join(',')}}`;
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The fields that differ between two versions of a reservation (the guest's field by field), updated_at left out. */
export function changedFields(before: Reservation, after: Reservation, prefix = ''): FieldChange[] {
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  return keys.flatMap((key): FieldChange[] => {
    if (!prefix && BOOKKEEPING.has(key)) return [];
    const [from, to] = [a[key] ?? null, b[key] ?? null];
    if (stable(from) === stable(to)) return [];
    if (isRecord(from) && isRecord(to))
      return changedFields(from as Reservation, to as Reservation, `${prefix}${key}.`);
    return [{ field: `${prefix}${key}`, from, to }];
  });
}
