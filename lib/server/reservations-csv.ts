import type { Reservation } from '../guestbook/schemas';

export const CSV_COLUMNS = [
  'id',
  'status',
  'date',
  'time',
  'party_size',
  'guest_first_name',
  'guest_last_name',
  'guest_email',
  'guest_phone',
  'venue',
  'venue_id',
  'program_id',
  'locale',
  'notes',
  'created_at',
  'canceled_at',
] as const;

/**
 * One CSV field (RFC 4180). Text that a spreadsheet would run as a formula (=, @, or +/- not
 * followed by a digit) is prefixed with an apostrophe, since guest names and notes come from
 * outside.
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (/^[=@\t\r]/.test(s) || /^[+-][^\d\s]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvHeader(): string {
  return `${CSV_COLUMNS.join(',')}\r\n`;
}

export function csvRow(r: Reservation, venueName: string | undefined): string {
  const values = [
    r.id,
    r.status,
    r.date,
    r.time,
    r.party_size,
    r.guest?.first_name,
    r.guest?.last_name,
    r.guest?.email,
    r.guest?.phone,
    venueName,
    r.venue_id,
    r.program_id,
    r.locale,
    r.notes,
    r.created_at,
    r.canceled_at,
  ];
  return `${values.map(csvField).join(',')}\r\n`;
}
