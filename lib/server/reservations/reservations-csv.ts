import type { Reservation } from '../../guestbook/schemas';

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
 * Cells a spreadsheet may run as a formula: those starting with = + - @, a tab or a carriage
 * return, or the full-width ＝ ＋ － ＠ (some spreadsheets fold those to their ASCII forms).
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
/** A value that is wholly a number: an optional sign, digits, an optional decimal part. */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;
/** A phone number in international form: +, a 1–3 digit country code, then groups of digits separated by single spaces (7–15 digits in all, as E.164 allows). */
const PHONE = /^\+\d{1,3}( \d{1,6}){1,5}$/;
const isPhone = (s: string) => {
  const digits = s.replace(/\D/g, '').length;
  return PHONE.test(s) && digits >= 7 && digits <= 15;
};

/** A field separator: a comma, or a semicolon where the member's language writes decimals with a comma. */
export type CsvSeparator = ',' | ';';

/**
 * The separator a spreadsheet opening the file expects in the member's language: Excel splits a
 * CSV on the list separator of the reader's settings, which is `;` wherever the decimal mark is a
 * comma (German, French, …) and `,` elsewhere.
 */
export function csvSeparatorFor(locale: string): CsvSeparator {
  try {
    const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value;
    return decimal === ',' ? ';' : ',';
  } catch {
    return ',';
  }
}

/** The byte-order mark a CSV starts with, so that a spreadsheet reads it as UTF-8 (accents, kana) and not in the system's code page. */
export const CSV_BOM = '\uFEFF';

/**
 * One CSV field (RFC 4180). Guest names, e-mails and notes come from outside the company, so a
 * cell that a spreadsheet could run as a formula gets a leading apostrophe (shown as text, not
 * run). Only a value that is wholly a number (`-12`, `+3.5`) or a phone number in strict
 * international form (`+44 20 7946 0000`) is left as it is.
 */
export function csvField(value: string | number | null | undefined, separator: CsvSeparator = ','): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (FORMULA_START.test(s) && !PLAIN_NUMBER.test(s) && !isPhone(s)) s = `'${s}`;
  return /["\n\r]/.test(s) || s.includes(separator) ? `"${s.replace(/"/g, '""')}"` : s;
}

export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** The header row: each column's name as `label` writes it (the member's language), by default its field name. */
export function csvHeader(
  label: (column: CsvColumn) => string = (column) => column,
  separator: CsvSeparator = ',',
): string {
  return `${CSV_COLUMNS.map((c) => csvField(label(c), separator)).join(separator)}\r\n`;
}

export function csvRow(r: Reservation, venueName: string | undefined, separator: CsvSeparator = ','): string {
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
  return `${values.map((v) => csvField(v, separator)).join(separator)}\r\n`;
}

/** Rows of the CSV, each reservation's venue named from `venueNames` (id → name). */
export const csvLines = (
  reservations: readonly Reservation[],
  venueNames: Record<string, string>,
  separator: CsvSeparator,
): string => reservations.map((r) => csvRow(r, r.venue_id ? venueNames[r.venue_id] : undefined, separator)).join('');
