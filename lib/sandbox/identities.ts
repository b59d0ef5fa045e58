import { createHash } from 'node:crypto';

import type { Identity } from '../guestbook/schemas';
import type { CredentialRecord, EntityRecord, IdentityRecord } from './model';
import { forbidden, notFound } from './problem';
import { iso, type World } from './world';

/** Credentials, identities and entity context: functions over the world. */

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
export function authenticateClient(world: World, clientId: string, secret: string): CredentialRecord | null {
  const cred = world.data.credentials.get(clientId);
  if (!cred) return null;
  const given = Buffer.from(sha256(secret), 'hex');
  const stored = Buffer.from(cred.secret_sha256, 'hex');
  return given.length === stored.length && given.equals(stored) ? cred : null;
}

export function identityOf(world: World, clientId: string): IdentityRecord {
  const cred = world.data.credentials.get(clientId);
  const identity = cred && world.data.identities.get(cred.identity_id);
  if (!identity) throw notFound('The calling identity cannot be resolved.');
  return identity;
}

/** Suspension as the API reports it: the identity's own, else its parent's. */
export function suspension(world: World, identity: IdentityRecord): { source: 'self' | 'parent'; at: string } | null {
  if (identity.suspended_at) return { source: identity.suspension_source ?? 'self', at: identity.suspended_at };
  const parent = identity.parent_identity_id ? world.data.identities.get(identity.parent_identity_id) : undefined;
  if (parent?.suspended_at) return { source: 'parent', at: parent.suspended_at };
  return null;
}

/** An identity as GET /v2/identities/me shows it. */
export function identityView(world: World, identity: IdentityRecord): Identity {
  const suspended = suspension(world, identity);
  return {
    id: identity.id,
    type: identity.type,
    name: identity.name,
    client_id: identity.client_id,
    status: suspended ? 'suspended' : 'active',
    default_entity_id: identity.default_entity_id,
    associated_entity_ids: identity.entity_ids.filter((id) => world.data.entities.get(id)?.active),
    ...(identity.type === 'partner'
      ? { delegated_identity_ids: delegatesOf(world, identity).map((d) => d.id) }
      : { parent_identity_id: identity.parent_identity_id! }),
    ...(suspended ? { suspension_source: suspended.source, suspended_at: suspended.at } : {}),
    created_at: identity.created_at,
    updated_at: identity.updated_at,
  };
}

export function delegatesOf(world: World, identity: IdentityRecord): IdentityRecord[] {
  if (identity.type !== 'partner') return [];
  return [...world.data.identities.values()]
    .filter((i) => i.parent_identity_id === identity.id)
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
}

export function setSuspended(
  world: World,
  identityId: string,
  suspended: boolean,
  source: 'self' | 'parent' = 'self',
): IdentityRecord {
  const identity = world.data.identities.get(identityId);
  if (!identity) throw notFound(`No identity ${identityId}.`);
  const at = iso(world.now());
  world.put('identities', identity.id, {
    ...identity,
    suspended_at: suspended ? (identity.suspended_at ?? at) : null,
    suspension_source: suspended ? source : null,
    updated_at: at,
  });
  return world.data.identities.get(identityId)!;
}

export function assertNotSuspended(world: World, identity: IdentityRecord): void {
  const s = suspension(world, identity);
  if (s)
    throw forbidden(
      s.source === 'self'
        ? 'The calling identity is suspended.'
        : 'The calling identity is suspended because its parent partner is suspended.',
    );
}

// ── entity context ──────────────────────────────────────────────────────────────────────
export function entityByOrg(world: World, orgId: string): EntityRecord | undefined {
  for (const e of world.data.entities.values()) if (e.org_id === orgId) return e;
  return undefined;
}

export function isAssigned(world: World, identity: IdentityRecord, entityId: string): boolean {
  return identity.entity_ids.includes(entityId);
}

/**
 * Spec, "Entity context resolution": the token's org_id always wins, then X-Entity-Id, then
 * the credential's default entity. 403 when not assigned, 404 when it does not exist.
 */
export function resolveEntity(
  world: World,
  identity: IdentityRecord,
  orgId: string | undefined,
  headerEntityId: string | undefined,
): EntityRecord {
  let entityId: string;
  if (orgId) {
    const e = entityByOrg(world, orgId);
    if (!e) throw notFound(`The entity of organization ${orgId} does not exist.`);
    entityId = e.id;
  } else if (headerEntityId !== undefined) {
    entityId = headerEntityId;
  } else {
    entityId = identity.default_entity_id;
  }
  const entity = world.data.entities.get(entityId);
  if (!isAssigned(world, identity, entityId)) {
    if (!entity && headerEntityId === undefined) throw notFound(`Entity ${entityId} does not exist.`);
    throw forbidden(`Entity ${entityId} is not assigned to these credentials.`);
  }
  if (!entity) throw notFound(`Entity ${entityId} does not exist.`);
  return entity;
}
