/** The 22 locale codes API v2 supports (spec: "Supported locales"), with the names staff see. */
export const LOCALES = {
  'en-US': 'English (United States)',
  'en-GB': 'English (United Kingdom)',
  'en-AU': 'English (Australia)',
  'en-CA': 'English (Canada)',
  'fr-FR': 'French (France)',
  'fr-CA': 'French (Canada)',
  'de-DE': 'German (Germany)',
  'es-ES': 'Spanish (Spain)',
  'es-MX': 'Spanish (Mexico)',
  'it-IT': 'Italian (Italy)',
  'pt-BR': 'Portuguese (Brazil)',
  'pt-PT': 'Portuguese (Portugal)',
  'nl-NL': 'Dutch (Netherlands)',
  'sv-SE': 'Swedish (Sweden)',
  'da-DK': 'Danish (Denmark)',
  'nb-NO': 'Norwegian Bokmål (Norway)',
  'fi-FI': 'Finnish (Finland)',
  'pl-PL': 'Polish (Poland)',
  'ja-JP': 'Japanese (Japan)',
  'ko-KR': 'Korean (South Korea)',
  'zh-CN': 'Chinese (Simplified, China)',
  'zh-TW': 'Chinese (Traditional, Taiwan)',
} as const;

export type LocaleCode = keyof typeof LOCALES;
export const LOCALE_CODES = Object.keys(LOCALES) as [LocaleCode, ...LocaleCode[]];
export const DEFAULT_LOCALE: LocaleCode = 'en-US';

/** Chinese locales named with their script, as the API's list does ("Chinese (Simplified, China)"). */
const WITH_SCRIPT: Partial<Record<LocaleCode, string>> = { 'zh-CN': 'zh-Hans-CN', 'zh-TW': 'zh-Hant-TW' };

/**
 * A guest locale's name in the console's language: the list above in English, the runtime's
 * names in any other ("Deutsch (Deutschland)" is "German (Germany)" for a German console). An
 * unknown code is shown as it is.
 */
export function localeName(code: string, uiLocale: string): string {
  const known = (LOCALES as Record<string, string | undefined>)[code];
  if (!known || uiLocale === 'en') return known ?? code;
  const key = `${uiLocale}\u0000${code}`;
  let name = namesMade.get(key);
  if (name === undefined) namesMade.set(key, (name = runtimeName(code as LocaleCode, uiLocale) ?? known));
  return name;
}

/**
 * The names made so far, by console language and code: making Intl.DisplayNames costs about
 * 0.3 ms, once per row of a list otherwise. At most the console's languages × the known codes.
 */
const namesMade = new Map<string, string>();

function runtimeName(code: LocaleCode, uiLocale: string): string | undefined {
  try {
    return new Intl.DisplayNames([uiLocale], { type: 'language', languageDisplay: 'standard' }).of(
      WITH_SCRIPT[code] ?? code,
    );
  } catch {
    return undefined;
  }
}
