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

/** A zone as the picker offers it: its id, and what a member searches it by. */
export interface ZoneChoice {
  id: string;
  /** "UTC+01:00 · Central European Time · Berlin": the offset at the moment given, the zone's name in the reader's language, its city */
  label: string;
}

const zoneNamePart = (locale: string, timeZone: string, style: 'longOffset' | 'longGeneric', at: Date) =>
  new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: style })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;

/** Minutes east of UTC of a "GMT+05:30" offset ("GMT" alone: 0). */
const offsetMinutes = (offset: string) => {
  const m = /([+-])(\d{2}):(\d{2})/.exec(offset);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
};

/**
 * Every zone, labelled with its offset at `at`, its name in `locale` and its city, ordered by
 * offset (west to east), then by id: a searchable list instead of ~420 bare ids.
 */
export function timeZoneChoices(locale: string, at: Date): ZoneChoice[] {
  return timeZones()
    .map((id) => {
      const offset = id === 'UTC' ? 'UTC' : (zoneNamePart('en', id, 'longOffset', at) ?? 'GMT').replace(/^GMT/, 'UTC');
      const name = id === 'UTC' ? undefined : zoneNamePart(locale, id, 'longGeneric', at);
      const city = id.includes('/') ? id.slice(id.lastIndexOf('/') + 1).replaceAll('_', ' ') : undefined;
      const label = [offset, name, city].filter((part, i, all) => part && all.indexOf(part) === i).join(' · ');
      return { id, label, minutes: offsetMinutes(offset) };
    })
    .sort((a, b) => a.minutes - b.minutes || a.id.localeCompare(b.id))
    .map(({ id, label }) => ({ id, label }));
}
