import type { LogoContentType } from '../guestbook/logo';

/** The image types the logo endpoint accepts, recognised by their first bytes (never by the name). */
export type ImageType = LogoContentType;
export { sniffImageType } from '../guestbook/logo';

const ascii = (b: Uint8Array, at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));
const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const u32be = (b: Uint8Array, at: number) => ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;

/** Width and height read from the image header, or null when the header is damaged. */
export function imageDimensions(bytes: Uint8Array, type: ImageType): { width: number; height: number } | null {
  try {
    if (type === 'image/png') {
      if (ascii(bytes, 12, 4) !== 'IHDR') return null;
      return positive(u32be(bytes, 16), u32be(bytes, 20));
    }
    if (type === 'image/jpeg') {
      let at = 2;
      while (at + 9 < bytes.length) {
        if (bytes[at] !== 0xff) return null;
        const marker = bytes[at + 1]!;
        const length = u16be(bytes, at + 2);
        if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
          return positive(u16be(bytes, at + 7), u16be(bytes, at + 5));
        }
        at += 2 + length;
      }
      return null;
    }
    const chunk = ascii(bytes, 12, 4);
    if (chunk === 'VP8X') return positive(u24le(bytes, 24) + 1, u24le(bytes, 27) + 1);
    if (chunk === 'VP8 ') return positive(u16le(bytes, 26) & 0x3fff, u16le(bytes, 28) & 0x3fff);
    if (chunk === 'VP8L') {
      const b = bytes.subarray(21, 25);
      const width = 1 + (((b[1]! & 0x3f) << 8) | b[0]!);
      const height = 1 + (((b[3]! & 0x0f) << 10) | (b[2]! << 2) | ((b[1]! & 0xc0) >> 6));
      return positive(width, height);
    }
    return null;
  } catch {
    return null;
  }
}

const positive = (width: number, height: number) => (width > 0 && height > 0 ? { width, height } : null);
