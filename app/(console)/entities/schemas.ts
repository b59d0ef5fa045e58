import { z } from 'zod';
import { EntityProgramInput, Locale, LOGO_CONTENT_TYPES, LOGO_MAX_BYTES, Uuid } from '@/lib/guestbook/primitives';

/** The entity form: one schema for the browser (react-hook-form) and the server action. */
export const EntityForm = z.strictObject({
  name: z.string().trim().min(1, { error: 'Enter a name.' }).max(120, { error: 'At most 120 characters.' }),
  default_locale: Locale,
  /** empty: no default program */
  default_program_id: z.union([z.literal(''), Uuid]),
});
export type EntityForm = z.infer<typeof EntityForm>;

export const UpdateEntityInput = EntityForm.extend({ id: Uuid });
export const ReplaceProgramsInput = z.strictObject({ id: Uuid, programs: z.array(EntityProgramInput).max(200) });

export const LOGO_MAX_LABEL = `${LOGO_MAX_BYTES / (1024 * 1024)} MB`;
export const LOGO_TYPES_LABEL = 'PNG, JPEG or WebP';

/** Checks a chosen logo file before anything is sent; the server checks again, by content. */
export function checkLogoFile(file: { name: string; size: number; type: string }): string | null {
  if (!(LOGO_CONTENT_TYPES as readonly string[]).includes(file.type)) {
    return `${file.name} is not a ${LOGO_TYPES_LABEL} image${file.type ? ` (it is ${file.type})` : ''}.`;
  }
  if (file.size > LOGO_MAX_BYTES) return `${file.name} is ${(file.size / (1024 * 1024)).toFixed(1)} MB; the limit is ${LOGO_MAX_LABEL}.`;
  if (file.size === 0) return `${file.name} is empty.`;
  return null;
}

/** The image type a file's first bytes announce, whatever its name or declared type says. */
export function sniffImageType(bytes: Uint8Array): (typeof LOGO_CONTENT_TYPES)[number] | null {
  const at = (i: number) => bytes[i] ?? -1;
  if (at(0) === 0x89 && at(1) === 0x50 && at(2) === 0x4e && at(3) === 0x47) return 'image/png';
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}
