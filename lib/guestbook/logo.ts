/** POST /v2/entities/{id}/logo: multipart/form-data, field `file`. */
export const LOGO_FIELD = 'file';
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type LogoContentType = (typeof LOGO_CONTENT_TYPES)[number];

const bytesOf = (ascii: string) => Array.from(ascii, (c) => c.charCodeAt(0));
/** The 8-byte PNG signature: \x89 "PNG" CR LF SUB LF. */
const PNG_SIGNATURE = [0x89, ...bytesOf('PNG'), 0x0d, 0x0a, 0x1a, 0x0a];
/** A JPEG starts with the SOI marker (FF D8) and the next marker's FF. */
const JPEG_START = [0xff, 0xd8, 0xff];
/** A WebP file is a RIFF container (bytes 0–3) of the form WEBP (bytes 8–11). */
const RIFF = bytesOf('RIFF');
const WEBP = bytesOf('WEBP');

const hasAt = (bytes: Uint8Array, at: number, expected: readonly number[]) => expected.every((b, i) => bytes[at + i] === b);

/** The logo type a file's first bytes announce, whatever its name or declared type says; null for anything else. */
export function sniffImageType(bytes: Uint8Array): LogoContentType | null {
  if (hasAt(bytes, 0, PNG_SIGNATURE)) return 'image/png';
  if (hasAt(bytes, 0, JPEG_START)) return 'image/jpeg';
  if (hasAt(bytes, 0, RIFF) && hasAt(bytes, 8, WEBP)) return 'image/webp';
  return null;
}
