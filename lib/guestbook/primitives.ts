/**
 * The API's value types (ids, dates, locales): small enough for browser forms to import without
 * the resource schemas (the logo's limits are lib/guestbook/logo's, which the uploader imports).
 */
import { z } from 'zod';

import { LOCALE_CODES } from './locales';

/** 8-4-4-4-12 hexadecimal id. The API's ids are UUID strings. */
export const Uuid = z.guid({ error: 'must be a UUID' });
export const OrgId = z.string().regex(/^org_[A-Za-z0-9_-]+$/, { error: 'must look like org_<identifier>' });
export const Timestamp = z.iso.datetime({ error: 'must be an ISO 8601 UTC timestamp' });
export const IsoDate = z.iso.date({ error: 'must be a date YYYY-MM-DD' });
export const Time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'must be a time HH:MM' });
export const Locale = z.enum(LOCALE_CODES, { error: 'must be one of the 22 supported locale codes' });
export const DayOfWeek = z.number().int().min(1).max(7); // ISO: 1 = Monday … 7 = Sunday

export const EntityProgramInput = z.strictObject({
  program_id: Uuid,
  unallocated_seat_access: z.boolean().default(false),
});
