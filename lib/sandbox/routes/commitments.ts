import { CommitmentsPutBody, Uuid } from '../../guestbook/schemas';
import { commitmentRow, commitmentsListed, putCommitments } from '../commitments';
import { pathId, readJson, searchParams } from '../http';
import { badRequest, forbidden, notFound } from '../problem';
import { paginate, readPaging } from '../query';
import type { Routes } from './context';

/** GET /v2/commitments, one row, and PUT of the entity's complete set. */
export function commitmentRoutes({ app, world, need, entityOf }: Routes): void {
  app.get('/v2/commitments', (c) => {
    need(c, 'commitments:read');
    const params = searchParams(c);
    const known = new Set(['status[]', 'status', 'venue_id', 'program_id', 'page', 'limit']);
    const unknown = [...params.keys()].filter((k) => !known.has(k));
    if (unknown.length)
      throw badRequest(
        `Unknown query parameter ${unknown.join(', ')}; use status[], venue_id, program_id, page, limit.`,
        unknown.map((k) => ({ field: k, message: 'is not a parameter of this list' })),
      );
    const statuses = [...params.getAll('status[]'), ...params.getAll('status')];
    const bad = statuses.filter((s) => !['assigned', 'unassigned', 'ended'].includes(s));
    if (bad.length)
      throw badRequest(`status[]: "${bad[0]!.slice(0, 40)}" is not one of assigned, unassigned, ended`, [
        { field: 'status[]', message: 'must be assigned, unassigned or ended' },
      ]);
    const venueId = params.get('venue_id') ?? undefined;
    const programId = params.get('program_id') ?? undefined;
    for (const [field, v] of [
      ['venue_id', venueId],
      ['program_id', programId],
    ] as const) {
      if (v !== undefined && !Uuid.safeParse(v).success)
        throw badRequest(`${field}: "${v.slice(0, 60)}" is not a UUID`, [{ field, message: 'must be a UUID' }]);
    }
    const paging = readPaging(params);
    const entity = entityOf(c);
    const page = paginate(
      commitmentsListed(world, entity, {
        statuses: statuses.length ? [...new Set(statuses)] : ['assigned'],
        venueId,
        programId,
      }),
      paging,
    );
    return c.json({ ...page, data: page.data.map((commitment) => commitmentRow(world, entity, commitment)!) });
  });

  app.get('/v2/commitments/:id', (c) => {
    need(c, 'commitments:read');
    const id = pathId(c);
    const commitment = world.data.commitments.get(id);
    const row = commitment && commitmentRow(world, entityOf(c), commitment);
    if (!row) throw notFound(`Commitment ${id} is not among this entity's commitments.`);
    return c.json({ data: row });
  });

  app.put('/v2/commitments', async (c) => {
    const { credential, identity } = need(c, 'commitments:update');
    // Spec: "A delegated identity … has no commitments:update", whatever its token says.
    if (identity.type === 'delegate')
      throw forbidden(
        'A delegated identity has no commitments:update: it consumes its allocation through availability and reservations.',
      );
    const entity = entityOf(c);
    const body = await readJson(c, CommitmentsPutBody, 'commitments');
    return c.json({ data: putCommitments(world, entity, credential.client_id, body.data) });
  });
}
