import 'server-only';

import { cookies } from 'next/headers';
import { cache } from 'react';

import type { Entity } from '../guestbook/schemas';
import { apiFor, listEntities } from './entities';
import { getApiClient } from './guestbook';
import { getPartnerOverview } from './partner';

export const ENTITY_COOKIE = 'gb_entity';

export interface EntityChoice {
  id: string;
  name: string;
  orgId: string | null;
  /** how requests for this entity are scoped: an org-bound token, or the deprecated X-Entity-Id header */
  context: 'org-bound' | 'legacy-header';
}

const toChoice = (e: Entity): EntityChoice => ({
  id: e.id,
  name: e.name,
  orgId: e.org_id,
  context: e.org_id ? 'org-bound' : 'legacy-header',
});

/** The entities assigned to these credentials as switcher choices (the same cached read as every other list of them). */
export const listEntityChoices = cache(async (): Promise<EntityChoice[]> => (await listEntities()).map(toChoice));

/**
 * The entity the signed-in staff member works in: the one picked in the switcher (a cookie),
 * else the partner's default entity, else the first assigned one.
 */
export const getSelectedEntity = cache(async (): Promise<EntityChoice | null> => {
  const [choices, picked] = await Promise.all([
    listEntityChoices(),
    cookies().then((c) => c.get(ENTITY_COOKIE)?.value),
  ]);
  const byId = (id: string | undefined) => (id ? choices.find((c) => c.id === id) : undefined);
  const fallback = async () => byId((await getPartnerOverview()).defaultEntityId);
  return byId(picked) ?? (await fallback()) ?? choices[0] ?? null;
});

/** The selected entity's id, or "default": what keys reads made in its context (shared reads). */
export const selectedContextKey = async (): Promise<string> => (await getSelectedEntity())?.id ?? 'default';

/** The API client acting for one choice (org-bound token or the legacy header); for none, the credentials' default entity. */
export const apiForChoice = (entity: EntityChoice | null) =>
  entity ? apiFor({ id: entity.id, org_id: entity.orgId }) : getApiClient();

/** The API client scoped to the selected entity. */
export const getEntityApi = async () => apiForChoice(await getSelectedEntity());
