import 'server-only';

import { getLocale, getTranslations } from 'next-intl/server';

import { searchWords, type SearchWords } from '../../activity/search-words';
import { localeName } from '../../guestbook/locales';
import { knownPrograms, listEntities } from '../directory';
import { getFormatter } from '../http';
import { venueNames } from '../reservations';

/**
 * A recorded reservation search (a saved view's or an export's) in the reader's words, with the
 * selected entity's venues and the partner's programs named (lib/activity/search-words.ts); null
 * when it does not parse.
 */
export async function readerSearchWords(): Promise<(query: string) => string | null> {
  const [t, tAll, statusWords, format, entities, venues, uiLocale] = await Promise.all([
    getTranslations('activity'),
    getTranslations(),
    getTranslations('reservations.status'),
    getFormatter(),
    listEntities().catch(() => []),
    venueNames().catch(() => ({}) as Record<string, string>),
    getLocale(),
  ]);
  /** a word the catalog may hold (a filter's attribute or modifier), else the text as it is */
  const catalogWord = (key: string, text: string) =>
    tAll.has(key as 'reservations.filters.label') ? tAll(key as 'reservations.filters.label') : text;
  const programNames = new Map(knownPrograms(entities).map((p) => [p.id, p.name]));
  const words: SearchWords = {
    attribute: (a) => catalogWord(`reservations.filters.attribute.${a}`, a),
    modifier: (m) => catalogWord(`reservations.filters.modifier.${m}`, m),
    condition: (parts) => t('search.condition', parts),
    separator: t('search.separator'),
    listSeparator: t('search.listSeparator'),
    everything: t('search.everything'),
    status: (v) => statusWords(v),
    locale: (code) => localeName(code, uiLocale),
    day: (iso) => format.day(iso),
    moment: (iso) => format.moment(iso),
    venue: (id) => venues[id] ?? null,
    program: (id) => programNames.get(id) ?? null,
    otherVenue: t('search.otherVenue'),
    otherProgram: t('search.otherProgram'),
  };
  return (query) => searchWords(query, words);
}
