import 'server-only';

import { cookies } from 'next/headers';
import { cache } from 'react';

import type { Entity } from '../../guestbook/schemas';
import { getApiClient } from '../api';
import { entityCookieName, getConfig } from '../config';
import { apiFor, findAssignedEntities, listEntities } from './entities';
import { getIdentity } from './partner';

/** How long the switcher's pick is remembered in the browser. */
const ENTITY_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

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

const pickedEntityId = cache(async () => (await cookies()).get(entityCookieName(getConfig()))?.value);

/** Remembers the switcher's pick in this browser (an HttpOnly cookie; Secure and __Host- over https). */
export async function rememberSelectedEntity(id: string): Promise<void> {
  const config = getConfig();
  (await cookies()).set(entityCookieName(config), id, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: config.secureCookies,
    maxAge: ENTITY_COOKIE_MAX_AGE_S,
  });
}

/** The switcher's pick, else the partner's default entity, else the first assigned one. */
function selectionOf(choices: EntityChoice[], picked: string | undefined, defaultEntityId: string | undefined) {
  const byId = (id: string | undefined) => (id ? choices.find((c) => c.id === id) : undefined);
  return byId(picked) ?? byId(defaultEntityId) ?? choices[0] ?? null;
}

/** An assigned entity as a switcher choice, or null. */
export async function findEntityChoice(id: string): Promise<EntityChoice | null> {
  const entity = (await findAssignedEntities([id])).get(id);
  return entity ? toChoice(entity) : null;
}

/** The entity list as the selection decides from it (the copy's). */
const choicesForContext = cache(async (): Promise<EntityChoice[]> => (await listEntities()).map(toChoice));

/** The partner's default entity, as the selection decides from it (the copy's identity). */
const defaultEntityForContext = cache(async (): Promise<string> => (await getIdentity()).default_entity_id);

/**
 * The entity the signed-in staff member works in: the one picked in the switcher (a cookie),
 * else the partner's default entity, else the first assigned one.
 */
export const getSelectedEntity = cache(async (): Promise<EntityChoice | null> => {
  const choices = choicesForContext();
  choices.catch(() => undefined); // awaited below; a failure is not left unhandled meanwhile
  const picked = await pickedEntityId();
  // Without a pick, the partner's default entity decides: its read starts with the list's.
  const defaultEntity = picked ? null : defaultEntityForContext();
  defaultEntity?.catch(() => undefined); // awaited below, unless the list fails first
  const choice = picked ? await findEntityChoice(picked) : null;
  if (choice) return choice;
  const defaultEntityId = await (defaultEntity ?? defaultEntityForContext());
  return selectionOf(await choices, undefined, defaultEntityId);
});

/** The selected entity's id, or "default": what keys reads made in its context (kept answers, copies). */
export const contextKeyOf = (entity: EntityChoice | null): string => entity?.id ?? 'default';

export const selectedContextKey = async (): Promise<string> => contextKeyOf(await getSelectedEntity());

/**
 * A read in the selected entity's context (`read` gets the entity, null for the credentials'
 * default, and the context's key). The entity list that decides which entity that is comes from
 * the dashboard's copy, read with the request's other copies.
 */
export async function readInSelectedContext<T>(
  read: (entity: EntityChoice | null, contextKey: string) => Promise<T>,
): Promise<T> {
  const entity = await getSelectedEntity();
  return read(entity, contextKeyOf(entity));
}

/** The API client acting for one choice (org-bound token or the legacy header); for none, the credentials' default entity. */
export const apiForChoice = (entity: EntityChoice | null) =>
  entity ? apiFor({ id: entity.id, org_id: entity.orgId }) : getApiClient();

/** The API client scoped to the selected entity (for changes: the API checks each request's context). */
export const getEntityApi = async () => apiForChoice(await getSelectedEntity());
