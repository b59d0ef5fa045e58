import 'server-only';

import { cache } from 'react';

import type { Identity } from '../../guestbook/schemas';
import { getApiClient, SHARED, sharedRead } from '../api';

/** What the console shows of the partner identity; nothing here is a secret. */
export interface PartnerOverview {
  id: string;
  name: string;
  type: Identity['type'];
  status: Identity['status'];
  clientId: string;
  defaultEntityId: string;
  associatedEntityCount: number;
  delegateCount: number;
  suspensionSource: 'self' | 'parent' | null;
  suspendedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /v2/identities/me, once per request however many components ask (a shared read). */
export const getIdentity = cache((): Promise<Identity> => sharedRead(SHARED.identity, () => getApiClient().getMe()));

export const getPartnerOverview = cache(async (): Promise<PartnerOverview> => {
  const me = await getIdentity();
  return {
    id: me.id,
    name: me.name,
    type: me.type,
    status: me.status,
    clientId: me.client_id,
    defaultEntityId: me.default_entity_id,
    associatedEntityCount: me.associated_entity_ids.length,
    delegateCount: me.delegated_identity_ids?.length ?? 0,
    suspensionSource: me.suspension_source ?? null,
    suspendedAt: me.suspended_at ?? null,
    createdAt: me.created_at,
    updatedAt: me.updated_at,
  };
});
