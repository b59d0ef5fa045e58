import { LOGO_CONTENT_TYPES, LOGO_MAX_BYTES } from '@/lib/guestbook/logo';

// Kept apart from the zod schemas so the logo uploader's page does not ship zod.

export const LOGO_MAX_LABEL = `${LOGO_MAX_BYTES / (1024 * 1024)} MB`;
export const LOGO_TYPES_LABEL = 'PNG, JPEG or WebP';

/** Checks a chosen logo file before anything is sent; the server checks again, by content. */
export function checkLogoFile(file: { name: string; size: number; type: string }): string | null {
  if (!(LOGO_CONTENT_TYPES as readonly string[]).includes(file.type)) {
    return `${file.name} is not a ${LOGO_TYPES_LABEL} image${file.type ? ` (it is ${file.type})` : ''}.`;
  }
  if (file.size > LOGO_MAX_BYTES)
    return `${file.name} is ${(file.size / (1024 * 1024)).toFixed(1)} MB; the limit is ${LOGO_MAX_LABEL}.`;
  if (file.size === 0) return `${file.name} is empty.`;
  return null;
}

export { sniffImageType } from '@/lib/guestbook/logo';
