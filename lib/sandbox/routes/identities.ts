import { pathId, searchParams } from '../http';
import { delegatesOf, identityView } from '../identities';
import { notFound } from '../problem';
import { paginate, readPaging } from '../query';
import type { Routes } from './context';

/** GET /v2/identities/me and the caller's delegates. */
export function identityRoutes({ app, world, caller }: Routes): void {
  app.get('/v2/identities/me', (c) => c.json({ data: identityView(world, caller(c).identity) }));

  app.get('/v2/identities/me/delegates', (c) => {
    const paging = readPaging(searchParams(c));
    return c.json(
      paginate(
        delegatesOf(world, caller(c).identity).map((d) => identityView(world, d)),
        paging,
      ),
    );
  });

  app.get('/v2/identities/me/delegates/:id', (c) => {
    const id = pathId(c);
    const delegate = delegatesOf(world, caller(c).identity).find((d) => d.id === id);
    if (!delegate) throw notFound(`No delegate ${id} belongs to the calling identity.`);
    return c.json({ data: identityView(world, delegate) });
  });
}
