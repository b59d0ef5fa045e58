// Kept apart from the zod schemas so the logo uploader's page does not ship zod.
import type { Dimensions } from '@/lib/guestbook/logo';

/** The largest logo accepted, per side: a small file can declare a huge canvas (a decompression bomb for every browser that shows it). */
export const LOGO_MAX_SIDE = 4096;
export const LOGO_MAX_SIDE_LABEL = `${LOGO_MAX_SIDE.toLocaleString('en-GB')} × ${LOGO_MAX_SIDE.toLocaleString('en-GB')} px`;

/** Why a logo of these dimensions is refused, or null. */
export function checkLogoDimensions(name: string, dims: Dimensions | null): string | null {
  if (!dims) return `${name}: its dimensions cannot be read from the file.`;
  if (dims.width < 1 || dims.height < 1) return `${name} declares no pixels (${dims.width} × ${dims.height}).`;
  if (dims.width > LOGO_MAX_SIDE || dims.height > LOGO_MAX_SIDE) {
    return `${name} is ${dims.width.toLocaleString('en-GB')} × ${dims.height.toLocaleString('en-GB')} px; the limit is ${LOGO_MAX_SIDE_LABEL}.`;
  }
  return null;
}
