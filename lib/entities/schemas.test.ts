import { describe, expect, it } from 'vitest';

import { EntityFormSchema } from './schemas';

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
