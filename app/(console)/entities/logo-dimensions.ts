// Kept apart from the zod schemas so the logo uploader's page does not ship zod.
import type { Dimensions } from '@/lib/guestbook/logo';

/** The largest logo accepted, per side: a small file can declare a huge canvas (a decompression bomb for every browser that shows it). */
export const LOGO_MAX_SIDE = 4096;

/**
 * 65000 → "65,000", as en-GB groups digits. Not `toLocaleString`: this module is evaluated while the
 * entity page hydrates, and a first use of Intl there costs a phone a long task (about 80 ms of main
 * thread with the CPU slowed 4×).
 */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

export const LOGO_MAX_SIDE_LABEL = `${grouped(LOGO_MAX_SIDE)} × ${grouped(LOGO_MAX_SIDE)} px`;

/** Why a logo of these dimensions is refused, or null. */
export function checkLogoDimensions(name: string, dims: Dimensions | null): string | null {
  if (!dims) return `${name}: its dimensions cannot be read from the file.`;
  if (dims.width < 1 || dims.height < 1) return `${name} declares no pixels (${dims.width} × ${dims.height}).`;
  if (dims.width > LOGO_MAX_SIDE || dims.height > LOGO_MAX_SIDE) {
    return `${name} is ${grouped(dims.width)} × ${grouped(dims.height)} px; the limit is ${LOGO_MAX_SIDE_LABEL}.`;
  }
  return null;
}
