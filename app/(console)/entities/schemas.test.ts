import { describe, expect, it } from 'vitest';

import { checkLogoFile, EntityFormSchema, sniffImageType } from './schemas';

describe('entity form', () => {
  it('accepts a name, a supported locale and an optional program', () => {
    expect(EntityFormSchema.parse({ name: ' Harbour Bar ', default_locale: 'fr-FR', default_program_id: '' })).toEqual({
      name: 'Harbour Bar',
      default_locale: 'fr-FR',
      default_program_id: '',
    });
  });
  it('names what is wrong', () => {
    const r = EntityFormSchema.safeParse({ name: '', default_locale: 'xx-XX', default_program_id: 'nope', extra: 1 });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path.join('.') || i.message);
    expect(paths).toEqual(expect.arrayContaining(['name', 'default_locale', 'default_program_id']));
  });
});

describe('logo checks', () => {
  it('refuses a GIF, a 3 MB file and an empty one with a message naming the file', () => {
    expect(checkLogoFile({ name: 'a.gif', size: 100, type: 'image/gif' })).toBe(
      'a.gif is not a PNG, JPEG or WebP image (it is image/gif).',
    );
    expect(checkLogoFile({ name: 'big.png', size: 3 * 1024 * 1024, type: 'image/png' })).toBe(
      'big.png is 3.0 MB; the limit is 2 MB.',
    );
    expect(checkLogoFile({ name: 'e.png', size: 0, type: 'image/png' })).toBe('e.png is empty.');
    expect(checkLogoFile({ name: 'ok.webp', size: 2 * 1024 * 1024, type: 'image/webp' })).toBeNull();
  });
  it('recognises images by their first bytes', () => {
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png');
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(new TextEncoder().encode('GIF89a'))).toBeNull();
  });
});
