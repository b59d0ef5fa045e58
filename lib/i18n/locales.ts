/**
 * The console's languages: English and every language the API offers guests. Free of React and
 * Next.js, for the tests.
 */
export const UI_LOCALES = [
  'en',
  'fr',
  'de',
  'es',
  'it',
  'pt',
  'nl',
  'sv',
  'da',
  'nb',
  'fi',
  'pl',
  'ja',
  'ko',
  'zh-Hans',
  'zh-Hant',
] as const;

export type UiLocale = (typeof UI_LOCALES)[number];

export const DEFAULT_UI_LOCALE: UiLocale = 'en';

/** Each language named in itself, as a language menu shows it. */
export const LANGUAGE_NAMES: Record<UiLocale, string> = {
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  es: 'Español',
  it: 'Italiano',
  pt: 'Português',
  nl: 'Nederlands',
  sv: 'Svenska',
  da: 'Dansk',
  nb: 'Norsk bokmål',
  fi: 'Suomi',
  pl: 'Polski',
  ja: '日本語',
  ko: '한국어',
  'zh-Hans': '简体中文',
  'zh-Hant': '繁體中文',
};

export function isUiLocale(value: unknown): value is UiLocale {
  return typeof value === 'string' && (UI_LOCALES as readonly string[]).includes(value);
}

/** The console language a language tag asks for ("de-AT" → de, "zh-TW" → zh-Hant, "no" → nb), if any. */
export function uiLocaleOf(tag: string): UiLocale | undefined {
  let locale: Intl.Locale;
  try {
    locale = new Intl.Locale(tag).maximize();
  } catch {
    return undefined;
  }
  const { language, script } = locale;
  if (language === 'zh') return script === 'Hant' ? 'zh-Hant' : 'zh-Hans';
  if (language === 'no' || language === 'nn') return 'nb';
  return isUiLocale(language) ? language : undefined;
}

/** The language tags of an Accept-Language header, the preferred first (q=0 and `*` left out). */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) : 1, i };
    })
    .filter((r) => r.tag && r.tag !== '*' && Number.isFinite(r.q) && r.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((r) => r.tag);
}

/** The first console language an Accept-Language header names, else English. */
export function uiLocaleFromAcceptLanguage(header: string | null | undefined): UiLocale {
  for (const tag of acceptedLanguages(header)) {
    const ui = uiLocaleOf(tag);
    if (ui) return ui;
  }
  return DEFAULT_UI_LOCALE;
}

/**
 * The locale dates and numbers are formatted in: the browser's own tag when it is of the UI
 * language ("en-US" keeps month/day order for an English console), else the UI language.
 */
export function formatLocaleFor(ui: UiLocale, acceptLanguage: string | null | undefined): string {
  for (const tag of acceptedLanguages(acceptLanguage)) {
    if (uiLocaleOf(tag) !== ui) continue;
    try {
      const [canonical] = Intl.getCanonicalLocales(tag);
      if (canonical && Intl.DateTimeFormat.supportedLocalesOf(canonical).length > 0) return canonical;
    } catch {
      // not a well-formed tag: try the next
    }
  }
  return ui === 'en' ? 'en-GB' : ui;
}

/** An IANA time zone this runtime knows ("Europe/Berlin"), else undefined. */
export function validTimeZone(zone: unknown): string | undefined {
  if (typeof zone !== 'string' || zone.length === 0 || zone.length > 64) return undefined;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}
