import 'server-only';

import { translateSaid, type CatalogKey, type Translate } from '@/lib/i18n/said';
import { hasKey } from '@/lib/i18n/translator';
import { parseReservationSearch } from '@/lib/reservations/search-query';

import { getSelectedEntity, listEntities, listVenues } from '../directory';

/** The conditions on one field, as the address names them (`venue_id`, `venue_id[in]`, …). */
const isKeyOf = (field: string) => (key: string) => key === field || key.startsWith(`${field}[`);

/**
 * A saved search as it can run now, in the selected entity's context: each part checked on its
 * own (a condition the search no longer accepts), each venue against the venues the entity sees
 * and each program against the entity's programs (a view saved in another entity's context, or
 * before its programs were replaced). What cannot run is dropped and said (in the words of `t`,
 * the reader's translator), not refused.
 */
export async function applicableSearch(
  query: string,
  t: Translate,
): Promise<{ kept: URLSearchParams; dropped: string[] }> {
  const kept = new URLSearchParams();
  const dropped: string[] = [];
  const known = {
    venue: async () => new Set((await listVenues(1, 100)).items.map((v) => v.id)),
    program: async () => {
      const selected = await getSelectedEntity();
      const entity = (await listEntities()).find((e) => e.id === selected?.id);
      return new Set((entity?.programs ?? []).map((p) => p.program_id));
    },
  };
  const seen: { venue?: Set<string>; program?: Set<string> } = {};
  for (const [key, value] of new URLSearchParams(query)) {
    // The condition named as the search form names its field ("Program"); a key that is no field, as written.
    const field = key.replace(/\[.*$/, '');
    const labelKey = `reservations.filters.attribute.${field}`;
    const part = hasKey(labelKey as CatalogKey) ? t(labelKey as CatalogKey) : key;
    const problems = parseReservationSearch(new URLSearchParams([[key, value]])).problemsSaid;
    if (problems.length) {
      for (const p of problems)
        dropped.push(t('reservations.views.droppedProblem', { part, problem: translateSaid(t, p) }));
      continue;
    }
    const kind = isKeyOf('venue_id')(key) ? 'venue' : isKeyOf('program_id')(key) ? 'program' : null;
    if (kind) {
      const ids = (seen[kind] ??= await known[kind]());
      const unknown = value.split(',').filter((id) => !ids.has(id));
      if (unknown.length) {
        dropped.push(t('reservations.views.droppedUnknown', { part, kind, count: unknown.length }));
        continue;
      }
    }
    kept.append(key, value);
  }
  return { kept, dropped };
}
