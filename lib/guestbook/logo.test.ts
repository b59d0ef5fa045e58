import { describe, expect, it } from 'vitest';

import { translateSaid } from '../i18n/said';
import { inEnglish, translatorFor } from '../i18n/translator';
import { checkLogoFile, sniffImageType } from './logo';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ascii = (s: string) => Array.from(s, (c) => c.charCodeAt(0));

describe('sniffImageType', () => {
  it('recognises a PNG by its full 8-byte signature', () => {
    expect(sniffImageType(new Uint8Array([...PNG_SIGNATURE, 0, 0, 0, 13, ...ascii('IHDR')]))).toBe('image/png');
    expect(sniffImageType(new Uint8Array(PNG_SIGNATURE))).toBe('image/png');
  });

  it('refuses a PNG signature that is cut short or altered in any of its 8 bytes', () => {
    for (let length = 0; length < 8; length++)
      expect(sniffImageType(new Uint8Array(PNG_SIGNATURE.slice(0, length)))).toBeNull();
    for (let i = 0; i < 8; i++) {
      const altered = [...PNG_SIGNATURE];
      altered[i] = altered[i]! ^ 0x20;
      expect(sniffImageType(new Uint8Array(altered))).toBeNull();
    }
  });

  it('recognises a JPEG by FF D8 FF, whichever segment follows', () => {
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...ascii('JFIF')]))).toBe('image/jpeg');
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe1]))).toBe('image/jpeg');
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff]))).toBe('image/jpeg');
    expect(sniffImageType(new Uint8Array([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0x00]))).toBeNull();
  });

  it('recognises a WebP by its RIFF container of form WEBP', () => {
    expect(sniffImageType(new Uint8Array(ascii('RIFF\0\0\0\0WEBPVP8 ')))).toBe('image/webp');
    expect(sniffImageType(new Uint8Array(ascii('RIFF\0\0\0\0WEBP')))).toBe('image/webp');
    expect(sniffImageType(new Uint8Array(ascii('RIFF\0\0\0\0WEB')))).toBeNull();
    expect(sniffImageType(new Uint8Array(ascii('RIFF\0\0\0\0WAVEfmt ')))).toBeNull();
  });

  it('refuses other images and anything else, whatever the file is called', () => {
    expect(sniffImageType(new Uint8Array(ascii('GIF89a')))).toBeNull();
    expect(sniffImageType(new Uint8Array(ascii('<svg xmlns="http://www.w3.org/2000/svg"/>')))).toBeNull();
    expect(sniffImageType(new Uint8Array(ascii('BM')))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});

describe('logo checks', () => {
  it('refuses a GIF, a 3 MB file and an empty one with a message naming the file', () => {
    const english = (file: { name: string; size: number; type: string }) => {
      const problem = checkLogoFile(file);
      return problem && translateSaid(inEnglish, problem);
    };
    expect(english({ name: 'a.gif', size: 100, type: 'image/gif' })).toBe(
      'a.gif is not a PNG, JPEG or WebP image (it is image/gif).',
    );
    expect(english({ name: 'x.bin', size: 100, type: '' })).toBe('x.bin is not a PNG, JPEG or WebP image.');
    expect(english({ name: 'big.png', size: 3 * 1024 * 1024, type: 'image/png' })).toBe(
      'big.png is 3.0 MB; the limit is 2 MB.',
    );
    expect(english({ name: 'e.png', size: 0, type: 'image/png' })).toBe('e.png is empty.');
    expect(checkLogoFile({ name: 'ok.webp', size: 2 * 1024 * 1024, type: 'image/webp' })).toBeNull();
  });
  it('says the types and the limit in the words and numbers of each language', async () => {
    const [de, fr] = await Promise.all([translatorFor('de'), translatorFor('fr')]);
    const gif = checkLogoFile({ name: 'a.gif', size: 100, type: 'image/gif' })!;
    const big = checkLogoFile({ name: 'big.png', size: 3 * 1024 * 1024, type: 'image/png' })!;
    expect(translateSaid(de, gif)).toBe('a.gif ist kein PNG-, JPEG- oder WebP-Bild (es ist image/gif).');
    expect(translateSaid(de, big)).toBe('big.png ist 3,0 MB groß; die Grenze liegt bei 2 MB.');
    expect(translateSaid(fr, big)).toBe('big.png fait 3,0 Mo\u00a0; la limite est de 2 Mo.');
  });
  it('recognises images by their first bytes', () => {
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png');
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(new TextEncoder().encode('GIF89a'))).toBeNull();
  });
});
