import 'server-only';

import { parseReservationSearch } from '@/lib/reservations/search-query';

import { getSelectedEntity, listEntities, listVenues } from '../directory';

/** The conditions on one field, as the address names them (`venue_id`, `venue_id[in]`, …). */
const isKeyOf = (field: string) => (key: string) => key === field || key.startsWith(`${field}[`);

/**
 * A saved search as it can run now, in the selected entity's context: each part checked on its
 * own (a condition the search no longer accepts), each venue against the venues the entity sees
 * and each program against the entity's programs (a view saved in another entity's context, or
 * before its programs were replaced). What cannot run is dropped and said, not refused.
 */
export async function applicableSearch(query: string): Promise<{ kept: URLSearchParams; dropped: string[] }> {
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
    const part = `${key}=${value}`;
    const problems = parseReservationSearch(new URLSearchParams([[key, value]])).problems;
    if (problems.length) {
      dropped.push(`${part}: ${problems.join('; ')}`);
      continue;
    }
    const kind = isKeyOf('venue_id')(key) ? 'venue' : isKeyOf('program_id')(key) ? 'program' : null;
    if (kind) {
      const ids = (seen[kind] ??= await known[kind]());
      const unknown = value.split(',').filter((id) => !ids.has(id));
      if (unknown.length) {
        const what =
          kind === 'venue' ? 'venue the selected entity does not see' : 'program the selected entity does not have';
        dropped.push(`${part}: ${unknown.length === 1 ? `a ${what}` : `${what.replace(/^(\w+)/, '$1s')}`}`);
        continue;
      }
    }
    kept.append(key, value);
  }
  return { kept, dropped };
}
