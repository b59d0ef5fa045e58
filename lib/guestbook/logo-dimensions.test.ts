import { describe, expect, it } from 'vitest';

import { makePng } from '../../e2e/images';
import { translateSaid } from '../i18n/said';
import { inEnglish } from '../i18n/translator';
import { checkLogoDimensions as check, imageDimensions, type Dimensions } from './logo';

/** Why a logo of these dimensions is refused, in English, or null. */
function checkLogoDimensions(name: string, dims: Dimensions | null): string | null {
  const problem = check(name, dims);
  return problem && translateSaid(inEnglish, problem);
}

/** A PNG header declaring any size, with no pixel data (what a decompression bomb starts with). */
function pngHeader(width: number, height: number): Uint8Array {
  const b = Buffer.from(makePng(1, 1));
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  return b;
}

function jpegHeader(width: number, height: number): Uint8Array {
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const sof0 = [
    0xff,
    0xc0,
    0x00,
    0x11,
    8,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ];
  return new Uint8Array([0xff, 0xd8, ...app0, ...sof0, 0xff, 0xd9]);
}

function webpVp8x(width: number, height: number): Uint8Array {
  const b = Buffer.alloc(30);
  b.write('RIFF', 0);
  b.writeUInt32LE(22, 4);
  b.write('WEBP', 8);
  b.write('VP8X', 12);
  b.writeUInt32LE(10, 16);
  b.writeUIntLE(width - 1, 24, 3);
  b.writeUIntLE(height - 1, 27, 3);
  return b;
}

describe('logo dimensions', () => {
  it('reads the size each format declares', () => {
    expect(imageDimensions(makePng(120, 80))).toEqual({ width: 120, height: 80 });
    expect(imageDimensions(jpegHeader(640, 480))).toEqual({ width: 640, height: 480 });
    expect(imageDimensions(webpVp8x(300, 200))).toEqual({ width: 300, height: 200 });
    expect(imageDimensions(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
  });

  it('refuses a header declaring 65,000 × 65,000 px, naming the limit', () => {
    expect(checkLogoDimensions('bomb.png', imageDimensions(pngHeader(65_000, 65_000)))).toBe(
      'bomb.png is 65,000 × 65,000 px; the limit is 4,096 × 4,096 px.',
    );
    expect(checkLogoDimensions('wide.jpg', imageDimensions(jpegHeader(5000, 10)))).toMatch(
      /the limit is 4,096 × 4,096 px/,
    );
    expect(checkLogoDimensions('tall.webp', imageDimensions(webpVp8x(10, 16_000)))).toMatch(
      /the limit is 4,096 × 4,096 px/,
    );
    expect(checkLogoDimensions('huge.png', imageDimensions(pngHeader(1_234_567, 100)))).toBe(
      'huge.png is 1,234,567 × 100 px; the limit is 4,096 × 4,096 px.',
    );
    expect(checkLogoDimensions('ok.png', imageDimensions(pngHeader(4096, 4096)))).toBeNull();
    expect(checkLogoDimensions('odd.png', null)).toBe('odd.png: its dimensions cannot be read from the file.');
    expect(checkLogoDimensions('flat.png', { width: 0, height: 10 })).toBe('flat.png declares no pixels (0 × 10).');
  });
});
