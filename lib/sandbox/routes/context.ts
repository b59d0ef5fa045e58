import type { Hono } from 'hono';

import { Uuid } from '../../guestbook/schemas';
import type { Scope } from '../../guestbook/token-schemas';
import { resolveEntity } from '../identities';
import type { EntityRecord } from '../model';
import { badRequest, forbidden } from '../problem';
import type { Caller, Env, SandboxContext, SandboxState } from '../state';
import type { World } from '../world';

/** What every route file registers with: the app, the state, and the caller's checks. */
export interface Routes {
  app: Hono<Env>;
  state: SandboxState;
  world: World;
  /** the verified caller of a /v2 request */
  caller(c: SandboxContext): Caller;
  /** the caller, when its token has the scope; 403 naming the scope otherwise */
  need(c: SandboxContext, scope: Scope): Caller;
  /** the request's entity, resolved by org_id claim, then X-Entity-Id, then the default */
  entityOf(c: SandboxContext): EntityRecord;
}

export function routeContext(app: Hono<Env>, state: SandboxState): Routes {
  const { world } = state;
  const caller = (c: SandboxContext) => c.get('caller');
  return {
    app,
    state,
    world,
    caller,
    need(c, scope) {
      if (!caller(c).scopes.has(scope)) throw forbidden(`The credentials lack the scope ${scope}.`);
      return caller(c);
    },
    entityOf(c) {
      const { identity, claims } = caller(c);
      const header = claims.org_id ? undefined : c.req.header('x-entity-id');
      if (header !== undefined && !Uuid.safeParse(header).success)
        throw badRequest(`X-Entity-Id: "${header.slice(0, 60)}" is not a UUID`, [
          { field: 'X-Entity-Id', message: 'must be a UUID' },
        ]);
      return resolveEntity(world, identity, claims.org_id, header?.toLowerCase());
    },
  };
}
