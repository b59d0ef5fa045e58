import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';

import { badgeClasses } from './badge';
import { buttonVariants } from './button';
import { cn, mayConflict } from './cn';
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

/** The utilities (variants left out) of every quoted list of Tailwind classes in the components and pages. */
function utilitiesOfTheApp(): string[] {
  const files = ['app', 'components'].flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.tsx') || f.endsWith('.ts'))
      .map((f) => path.join(dir, f)),
  );
  const utilities = new Set<string>();
  for (const file of files)
    for (const [, text] of readFileSync(file, 'utf8').matchAll(/['"`]([a-z0-9:!\-[\]/.%()&>_ ]{2,400})['"`]/g)) {
      const classes = text!.trim().split(/\s+/);
      if (!classes.some((c) => /^[a-z:]*-?[a-z]+-[a-z0-9[]/.test(c))) continue;
      for (const c of classes) {
        // the variants end at the last colon outside brackets (`print:[content-visibility:visible]`)
        const utility = c.replace(/^(?:[^[\]:]*(?:\[[^\]]*\])?[^[\]:]*:)*/, '');
        if (utility) utilities.add(utility);
      }
    }
  return [...utilities];
}

describe('lists joined without tailwind-merge', () => {
  it('say they may conflict when a later class sets what an earlier one sets', () => {
    expect(mayConflict(['px-3 py-2', 'px-4'])).toBe(true);
    expect(mayConflict(['p-2', 'px-4'])).toBe(true);
    expect(mayConflict(['block', 'flex'])).toBe(true);
    expect(mayConflict(['inline-flex items-center', 'hidden'])).toBe(true);
    expect(mayConflict(['w-4', 'size-6'])).toBe(true);
    expect(mayConflict(['text-sm', 'leading-6'])).toBe(true);
    expect(mayConflict(['relative', 'absolute inset-0'])).toBe(true);
    expect(mayConflict(['top-0', 'inset-x-0'])).toBe(true);
    expect(mayConflict(['hover:sm:bg-white', 'sm:hover:bg-slate-50'])).toBe(true);
    expect(mayConflict(['-mt-2', 'mt-4'])).toBe(true);
    // the app's own class or a word not known: tailwind-merge decides
    expect(mayConflict(['relative', 'control'])).toBe(true);
    expect(mayConflict(['[mask-type:alpha]', '[mask-type:luminance]'])).toBe(true);
    expect(mayConflict(['block', 'line-clamp-2'])).toBe(true);
  });

  it('join lists of other properties as they are', () => {
    expect(mayConflict(['relative', 'font-medium whitespace-nowrap text-brand-700 hover:underline'])).toBe(false);
    expect(mayConflict(['px-4 hover:bg-slate-50', 'sm:px-2 bg-white'])).toBe(false);
    expect(
      mayConflict(['rounded-lg [content-visibility:auto] print:[content-visibility:visible]', 'print:hidden']),
    ).toBe(false);
    expect(cn('relative', 'font-medium text-brand-700')).toBe('relative font-medium text-brand-700');
    expect(cn('px-3 py-2 text-sm', 'px-4')).toBe('py-2 text-sm px-4');
  });

  it('never join two of the app’s classes that tailwind-merge would merge', () => {
    const utilities = utilitiesOfTheApp();
    expect(utilities.length).toBeGreaterThan(400);
    let joined = 0;
    for (const a of utilities)
      for (const b of utilities) {
        if (mayConflict([a, b])) continue;
        joined++;
        expect(twMerge(a, b), `${a} | ${b}`).toBe(`${a} ${b}`);
      }
    // a quarter of the pairs of the app's classes never reach tailwind-merge (185,000 of 689,000)
    expect(joined).toBeGreaterThan(utilities.length ** 2 / 5);
  });
});
