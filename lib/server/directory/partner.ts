import 'server-only';

import { cache } from 'react';

import type { Identity } from '../../guestbook/schemas';
import { readCopy } from './copy-reads';

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

/** The partner identity (the copy of GET /v2/identities/me), once per request however many components ask. */
export const getIdentity = cache(async (): Promise<Identity> => (await readCopy<Identity>('identity', null))[0]!);

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
