import 'server-only';

import { z } from 'zod';

import type { Condition } from '../../guestbook/filters';
import type { SearchHit } from '../../search/hit';
import { allOf, listDelegates, listEntityChoices } from '../directory';
import { searchReservations, viewReservation } from './reservations';

const MAX_PER_GROUP = 6;

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();

/** Conditions for guests by e-mail (an @ in the query) or last name, as the API filters them (exact values). */
export function guestConditions(q: string): Condition[] {
  if (q.includes('@')) return [{ attribute: 'guest_email', modifier: 'eq', value: q.toLowerCase() }];
  const names = [...new Set([q, capitalized(q), q.toLowerCase(), q.toUpperCase()])];
  return [{ attribute: 'guest_last_name', modifier: 'in', value: names }];
}

/**
 * Everything a staff member may be looking for, for the command menu: entities and delegates by
 * name (from the copy the console already holds), a reservation by id, and guests by last name or
 * e-mail through the API's reservation filters in the selected entity's context (one request).
 */
export async function searchEverything(raw: string): Promise<SearchHit[]> {
  const q = raw.trim();
  const needle = q.toLowerCase();
  const [entities, delegates] = await Promise.all([listEntityChoices(), allOf(listDelegates)]);
  const hits: SearchHit[] = [
    ...entities
      .filter((e) => e.name.toLowerCase().includes(needle))
      .slice(0, MAX_PER_GROUP)
      .map((e) => ({
        kind: 'entity' as const,
        id: e.id,
        title: e.name,
        provisioned: Boolean(e.orgId),
        href: `/entities/${e.id}`,
      })),
    ...delegates
      .filter((d) => d.name.toLowerCase().includes(needle))
      .slice(0, MAX_PER_GROUP)
      .map((d) => ({
        kind: 'delegate' as const,
        id: d.id,
        title: d.name,
        status: d.status,
        href: `/delegates/${d.id}`,
      })),
  ];
  const reservations = z.guid().safeParse(q).success
    ? [await viewReservation(q)].filter((r) => r !== null)
    : (await searchReservations({ conditions: guestConditions(q), page: 1, sort: '-date' })).items.slice(
        0,
        MAX_PER_GROUP,
      );
  for (const r of reservations) {
    hits.push({
      kind: 'reservation',
      id: r.id,
      title: r.guest ? `${r.guest.first_name} ${r.guest.last_name}` : null,
      date: r.date,
      time: r.time?.slice(0, 5),
      partySize: r.party_size,
      status: r.status,
      href: `/reservations/${r.id}`,
    });
  }
  return hits;
}
