import { said, type Said } from '../i18n/said';

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

const hasAt = (bytes: Uint8Array, at: number, expected: readonly number[]) =>
  expected.every((b, i) => bytes[at + i] === b);

/** The logo type a file's first bytes announce, whatever its name or declared type says; null for anything else. */
export function sniffImageType(bytes: Uint8Array): LogoContentType | null {
  if (hasAt(bytes, 0, PNG_SIGNATURE)) return 'image/png';
  if (hasAt(bytes, 0, JPEG_START)) return 'image/jpeg';
  if (hasAt(bytes, 0, RIFF) && hasAt(bytes, 8, WEBP)) return 'image/webp';
  return null;
}

export interface Dimensions {
  width: number;
  height: number;
}

const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!;
const u16le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u24le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/**
 * The width and height a PNG, JPEG or WebP declares in its header, read without decoding a
 * pixel; null when the header cannot be read.
 */
export function imageDimensions(b: Uint8Array): Dimensions | null {
  // PNG: the IHDR chunk comes first.
  if (b.length >= 24 && b[0] === 0x89 && ascii(b, 1, 4) === 'PNG' && ascii(b, 12, 16) === 'IHDR')
    return { width: u32be(b, 16), height: u32be(b, 20) };
  // JPEG: walk the segments to the first start-of-frame marker.
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) {
    let i = 2;
    while (i + 9 < b.length) {
      if (b[i] !== 0xff) return null;
      const marker = b[i + 1]!;
      if (marker === 0xff) {
        i++;
        continue;
      }
      if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        i += 2;
        continue;
      }
      const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
      if (isFrame) return { width: u16be(b, i + 7), height: u16be(b, i + 5) };
      if (marker === 0xd9 || marker === 0xda) return null;
      i += 2 + u16be(b, i + 2);
    }
    return null;
  }
  // WebP: the first chunk after the RIFF header says which of its three forms it is.
  if (b.length >= 30 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') {
    const form = ascii(b, 12, 16);
    if (form === 'VP8 ') return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
    if (form === 'VP8L') {
      const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24);
      return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    if (form === 'VP8X') return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  }
  return null;
}

/** The file limit in megabytes, as messages say it (`{maxMegabytes, number}`, the unit written in each language). */
export const LOGO_MAX_MEGABYTES = LOGO_MAX_BYTES / (1024 * 1024);

/** Checks a chosen logo file before anything is sent (why it is refused, or null); the server checks again, by content. */
export function checkLogoFile(file: { name: string; size: number; type: string }): Said | null {
  if (!(LOGO_CONTENT_TYPES as readonly string[]).includes(file.type)) {
    return file.type
      ? said('entities.errors.notAnImageOfType', { file: file.name, type: file.type })
      : said('entities.errors.notAnImage', { file: file.name });
  }
  if (file.size > LOGO_MAX_BYTES)
    return said('entities.errors.fileTooLarge', {
      file: file.name,
      size: file.size / (1024 * 1024),
      maxMegabytes: LOGO_MAX_MEGABYTES,
    });
  if (file.size === 0) return said('entities.errors.fileEmpty', { file: file.name });
  return null;
}

/** The largest logo accepted, per side: a small file can declare a huge canvas (a decompression bomb for every browser that shows it). */
export const LOGO_MAX_SIDE = 4096;

/** Why a logo of these dimensions is refused, or null. */
export function checkLogoDimensions(name: string, dims: Dimensions | null): Said | null {
  if (!dims) return said('entities.errors.dimensionsUnreadable', { file: name });
  if (dims.width < 1 || dims.height < 1)
    return said('entities.errors.noPixels', { file: name, width: dims.width, height: dims.height });
  if (dims.width > LOGO_MAX_SIDE || dims.height > LOGO_MAX_SIDE) {
    return said('entities.errors.tooManyPixels', {
      file: name,
      width: dims.width,
      height: dims.height,
      max: LOGO_MAX_SIDE,
    });
  }
  return null;
}

/** What the logo section shows of a logo, whether or not its uploader has loaded. */
export interface Logo {
  url: string;
  width: number | null;
  height: number | null;
  aspect_ratio: number | null;
}
