import { z } from 'zod';

import { UI_LOCALES, validTimeZone } from './locales';

/** A member's language and time zone, as account settings send them. */
export const LanguageAndZoneInput = z.strictObject({
  /** a console language, or '' for the browser's */
  language: z.union([z.enum(UI_LOCALES), z.literal('')]),
  timeZone: z
    .string()
    .max(64)
    .refine((zone) => validTimeZone(zone) !== undefined, { error: 'unknownTimeZone' }),
});
export type LanguageAndZone = z.infer<typeof LanguageAndZoneInput>;

/** Every zone this runtime knows, UTC first. */
export function timeZones(): string[] {
  return ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')];
}
