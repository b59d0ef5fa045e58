import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';

import { badgeClasses } from './badge';
import { buttonVariants } from './button';
import { cn } from './cn';
import { noticeClasses } from './notice';
import { TONE_CLASSES, type Tone } from './tone';

describe('cn', () => {
  it("lets a later argument's class win over an earlier argument's class of the same property", () => {
    expect(cn('px-3 py-2 text-sm', 'px-4')).toBe('py-2 text-sm px-4');
    expect(cn('bg-white', false, undefined, 'bg-brand-600')).toBe('bg-brand-600');
    expect(cn('p-2', { 'p-4': true, hidden: false })).toBe('p-4');
  });

  it('returns a single list of classes as it is, merging nothing inside it', () => {
    expect(cn('px-3 px-4', undefined, false, '')).toBe('px-3 px-4');
    expect(cn(['flex', { grow: true, hidden: false }])).toBe('flex grow');
    expect(cn()).toBe('');
  });
});

// cn returns one argument unmerged, so each list the primitives pass as one argument must be
// free of conflicts: merging it must change nothing.
describe('the primitives pass conflict-free lists', () => {
  const tones = Object.keys(TONE_CLASSES) as Tone[];

  it('every variant and size of a button', () => {
    const variants = ['primary', 'secondary', 'danger', 'ghost', 'link'] as const;
    const sizes = ['md', 'sm', 'icon', 'none'] as const;
    for (const variant of variants) {
      for (const size of sizes) {
        for (const width of ['auto', 'full'] as const) {
          const classes = buttonVariants({ variant, size, width });
          expect(twMerge(classes), `${variant} ${size} ${width}`).toBe(classes);
        }
      }
    }
  });

  it('every tone of a badge and a notice', () => {
    for (const tone of tones) {
      expect(twMerge(badgeClasses(tone)), tone).toBe(badgeClasses(tone));
      expect(twMerge(noticeClasses(tone)), tone).toBe(noticeClasses(tone));
    }
  });
});
