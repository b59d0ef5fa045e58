import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names; a later argument's Tailwind class wins over an earlier argument's class of
 * the same property (`cn('px-3 py-2', 'px-4')` is `py-2 px-4`).
 *
 * Each argument is one conflict-free list, as a component's base classes are. tailwind-merge
 * builds its class map on its first merge (40–48 ms of main thread as a page starts, in
 * Chromium slowed 4× as Lighthouse's phone is), so it runs only when two lists may conflict:
 * when a single argument has classes, or when no class of a later list can set a property that
 * a class of an earlier one sets (`mayConflict`), the lists are joined as they are.
 */
export function cn(...inputs: ClassValue[]): string {
  const lists = inputs.map((input) => clsx(input)).filter(Boolean);
  if (lists.length < 2) return lists[0] ?? '';
  return mayConflict(lists) ? twMerge(...lists) : lists.join(' ');
}

/**
 * Families of properties, by a utility's first word: two classes of different families never
 * conflict in tailwind-merge (cn.test.ts checks every pair of the app's classes against it). A
 * family is often wider than tailwind-merge's groups (`p-4` and `px-2`, `grow` and `flex`),
 * which only sends more lists to it. An arbitrary property (`[mask-type:alpha]`) is a family of
 * its own, as tailwind-merge has it. A word not listed here or a class of the app's own is unknown:
 * the lists go to tailwind-merge.
 */
const FAMILIES: Record<string, readonly string[]> = {
  display: [
    ...['block', 'inline', 'flex', 'grid', 'table', 'contents', 'list', 'flow', 'hidden'],
    ...['grow', 'shrink', 'basis', 'col', 'row', 'auto', 'order'],
  ],
  align: ['items', 'justify', 'self', 'place', 'content', 'align'],
  position: ['static', 'fixed', 'absolute', 'relative', 'sticky'],
  inset: ['inset', 'top', 'right', 'bottom', 'left', 'start', 'end'],
  visibility: ['visible', 'invisible', 'collapse'],
  width: ['w'],
  height: ['h'],
  padding: ['p', 'px', 'py', 'ps', 'pe', 'pt', 'pr', 'pb', 'pl'],
  margin: ['m', 'mx', 'my', 'ms', 'me', 'mt', 'mr', 'mb', 'ml'],
  gap: ['gap', 'space', 'divide'],
  'font-size': ['leading'],
  'text-overflow': ['truncate'],
  indent: ['indent'],
  font: ['font', 'tracking', 'antialiased', 'subpixel'],
  typography: [
    ...['uppercase', 'lowercase', 'capitalize', 'normal', 'italic'],
    ...['tabular', 'lining', 'oldstyle', 'proportional', 'ordinal', 'slashed', 'diagonal', 'stacked'],
  ],
  decoration: ['underline', 'overline', 'no', 'decoration'],
  wrap: ['whitespace', 'break', 'wrap', 'hyphens'],
  overflow: ['overflow', 'overscroll', 'scroll', 'snap', 'touch'],
  background: ['bg', 'from', 'via', 'to'],
  border: ['border'],
  rounded: ['rounded'],
  outline: ['outline'],
  ring: ['ring'],
  shadow: ['shadow'],
  effects: ['opacity', 'mix', 'blur', 'brightness', 'contrast', 'grayscale', 'invert', 'saturate', 'sepia', 'drop'],
  motion: ['transition', 'duration', 'ease', 'delay', 'animate'],
  transform: ['transform', 'scale', 'rotate', 'translate', 'skew', 'origin'],
  interaction: ['cursor', 'pointer', 'select', 'resize', 'appearance', 'accent', 'caret', 'will', 'scheme'],
  svg: ['fill', 'stroke'],
  layout: ['z', 'aspect', 'object', 'float', 'clear', 'box', 'columns', 'isolate', 'isolation', 'container'],
  marker: ['group', 'peer'],
};
const FAMILY_OF = new Map<string, readonly string[]>([
  ...Object.entries(FAMILIES).flatMap(([family, words]) => words.map((w) => [w, [family]] as const)),
  // `size-4` sets a width and a height; `min-w-48` and `max-h-80` a family of their own
  ['size', ['width', 'height']],
  ...['min-w', 'max-w', 'min-h', 'max-h'].map((w) => [w, [w]] as const),
]);

/** `text-…` by its second word: a size (with its line height), an alignment, a wrap, an overflow or, else, a colour. */
const TEXT_FAMILY: Record<string, string> = Object.fromEntries([
  ...['xs', 'sm', 'base', 'lg', 'xl', '2xl', '3xl', '4xl', '5xl', '6xl', '7xl', '8xl', '9xl'].map((w) => [
    w,
    'font-size',
  ]),
  ...['left', 'center', 'right', 'justify', 'start', 'end'].map((w) => [w, 'text-align']),
  ...['wrap', 'nowrap', 'balance', 'pretty'].map((w) => [w, 'text-wrap']),
  ...['ellipsis', 'clip'].map((w) => [w, 'text-overflow']),
]);

/** Each class's families, once: the app's classes are a fixed set. */
const familiesOfClass = new Map<string, readonly string[] | null>();

/** A class's families, each after its variants (sorted): `sm:hover:px-4` → `hover:sm:padding`; null: unknown. */
function familiesOf(token: string): readonly string[] | null {
  let families = familiesOfClass.get(token);
  if (families === undefined) familiesOfClass.set(token, (families = readFamilies(token)));
  return families;
}

function readFamilies(token: string): readonly string[] | null {
  let depth = 0;
  let cut = -1;
  for (let i = 0; i < token.length; i++) {
    const c = token[i];
    if (c === '[' || c === '(') depth++;
    else if (c === ']' || c === ')') depth--;
    else if (c === ':' && depth === 0) cut = i;
  }
  const utility = token.slice(cut + 1).replace(/^!|!$/g, '');
  // an arbitrary property (`[content-visibility:auto]`) is a family of its own, by its property
  const property = /^\[([a-z-]+):[^\]]+\]$/.exec(utility)?.[1];
  const words = /^-?([a-z]+)(?:-([a-z0-9]+))?/.exec(utility);
  if (!words && !property) return null;
  const [, first, second] = words ?? [];
  const families = property
    ? [`[${property}]`]
    : first === 'text'
      ? second === undefined
        ? undefined
        : [TEXT_FAMILY[second] ?? 'text-color']
      : (FAMILY_OF.get(`${first}-${second}`) ?? FAMILY_OF.get(first!));
  if (families === undefined) return null;
  if (cut < 0) return families;
  const variants = token.slice(0, cut).split(':').sort().join(':');
  return families.map((family) => `${variants}:${family}`);
}

/** Whether a class of a later list may set a property that a class of an earlier list sets (or cannot tell). */
export function mayConflict(lists: readonly string[]): boolean {
  const seen = new Set<string>();
  for (const [i, list] of lists.entries()) {
    const families: string[] = [];
    for (const token of list.split(' ')) {
      if (!token) continue;
      const found = familiesOf(token);
      if (found === null || (i > 0 && found.some((family) => seen.has(family)))) return true;
      families.push(...found);
    }
    for (const family of families) seen.add(family);
  }
  return false;
}
