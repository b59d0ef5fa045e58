/**
 * The one tone scale of the console. Badges and notices draw the same tinted surface and text for
 * a tone; `accent` tells kinds apart where no tone of severity fits (an identity's type, a no-show).
 */
export type Tone = 'neutral' | 'info' | 'success' | 'warning' | 'danger' | 'accent';

/** Each tone's background, text and ring (both themes: globals.css mirrors the palettes). */
export const TONE_CLASSES: Record<Tone, string> = {
  neutral: 'bg-slate-50 text-slate-800 ring-slate-200',
  info: 'bg-sky-50 text-sky-900 ring-sky-200',
  success: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  warning: 'bg-amber-50 text-amber-900 ring-amber-200',
  danger: 'bg-rose-50 text-rose-900 ring-rose-200',
  accent: 'bg-violet-50 text-violet-900 ring-violet-200',
};

/** A banner's border, beside TONE_CLASSES' surface and text: under the header, full width. */
const BANNER_BORDERS = { warning: 'border-amber-200', danger: 'border-rose-200' } as const;

/** The classes of a banner under the console's header (a suspended partner, updates paused). */
export const bannerClasses = (tone: keyof typeof BANNER_BORDERS): string =>
  `border-b px-4 py-2.5 text-sm sm:px-6 ${TONE_CLASSES[tone]} ${BANNER_BORDERS[tone]}`;
