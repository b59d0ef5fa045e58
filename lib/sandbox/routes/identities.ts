import { paginate, readPaging } from '../query';
import { notFound } from '../problem';
import { pathId, searchParams } from '../http';
import type { Routes } from './context';

/** GET /v2/identities/me and the caller's delegates. */
export function identityRoutes({ app, world, caller }: Routes): void {
  app.get('/v2/identities/me', (c) => c.json({ data: world.identityView(caller(c).identity) }));

  app.get('/v2/identities/me/delegates', (c) => {
    const paging = readPaging(searchParams(c));
    return c.json(paginate(world.delegatesOf(caller(c).identity).map((d) => world.identityView(d)), paging));
  });

  app.get('/v2/identities/me/delegates/:id', (c) => {
    const id = pathId(c);
    const delegate = world.delegatesOf(caller(c).identity).find((d) => d.id === id);
    if (!delegate) throw notFound(`No delegate ${id} belongs to the calling identity.`);
    return c.json({ data: world.identityView(delegate) });
  });

}
