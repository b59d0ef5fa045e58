import { ENTITY_FILTERS } from '../../guestbook/filters';
import { sniffImageType } from '../../guestbook/logo';
import {
  EntityCreateBody,
  EntityProgramsBody,
  EntityUpdateBody,
  LOGO_CONTENT_TYPES,
  LOGO_FIELD,
  LOGO_MAX_BYTES,
} from '../../guestbook/schemas';
import {
  createEntity,
  entitiesOf,
  entityView,
  getAssignedEntity,
  replacePrograms,
  setLogo,
  updateEntity,
} from '../entities';
import { pathId, readJson, searchParams } from '../http';
import { newId } from '../ids';
import { positiveDimensions } from '../images';
import { ApiProblem, badRequest, unprocessable } from '../problem';
import { matches, paginate, readFilters, readPaging } from '../query';
import type { Routes } from './context';

/** Entities: list, create, read, update, programs and the logo upload. */
export function entityRoutes({ app, state, world, need, caller }: Routes): void {
  app.get('/v2/entities', (c) => {
    const params = searchParams(c);
    const paging = readPaging(params);
    const conditions = readFilters(params, ENTITY_FILTERS);
    const { identity } = caller(c);
    const rows = entitiesOf(world, identity)
      .filter((e) =>
        conditions.every((cond) =>
          matches(cond.attribute === 'name' ? e.name : e.default_locale, cond, cond.attribute === 'name'),
        ),
      )
      .map((e) => entityView(world, e));
    return c.json(paginate(rows, paging));
  });

  app.post('/v2/entities', async (c) => {
    const { identity } = need(c, 'entities:create');
    const body = await readJson(c, EntityCreateBody, 'entity');
    const entity = createEntity(world, identity, body);
    return c.json({ data: entityView(world, entity) }, 201);
  });

  app.get('/v2/entities/:id', (c) => {
    const { identity } = need(c, 'entities:read');
    return c.json({ data: entityView(world, getAssignedEntity(world, identity, pathId(c))) });
  });

  app.patch('/v2/entities/:id', async (c) => {
    const { identity } = need(c, 'entities:update');
    const entity = getAssignedEntity(world, identity, pathId(c));
    const body = await readJson(c, EntityUpdateBody, 'entity update');
    return c.json({ data: entityView(world, updateEntity(world, entity, body)) });
  });

  app.put('/v2/entities/:id/programs', async (c) => {
    const { identity } = need(c, 'entities:update');
    const entity = getAssignedEntity(world, identity, pathId(c));
    const body = await readJson(c, EntityProgramsBody, 'programs');
    return c.json({ data: entityView(world, replacePrograms(world, entity, body.data)) });
  });

  app.post('/v2/entities/:id/logo', async (c) => {
    const { identity } = need(c, 'entities:upload_logo');
    const entity = getAssignedEntity(world, identity, pathId(c));
    const length = Number(c.req.header('content-length') ?? 0);
    if (length > LOGO_MAX_BYTES + 64 * 1024)
      throw new ApiProblem(413, `The logo is larger than ${LOGO_MAX_BYTES / 1024 / 1024} MB.`, [
        { field: LOGO_FIELD, message: 'must be at most 2 MB' },
      ]);
    if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data')) {
      throw new ApiProblem(415, `Send the logo as multipart/form-data with the file in the field "${LOGO_FIELD}".`, [
        { field: LOGO_FIELD, message: 'multipart/form-data required' },
      ]);
    }
    let form: FormData;
    try {
      form = await c.req.raw.formData();
    } catch {
      throw badRequest('The multipart body cannot be read.');
    }
    const file = form.get(LOGO_FIELD);
    if (!(file instanceof Blob))
      throw unprocessable(`The form has no file in the field "${LOGO_FIELD}".`, [
        { field: LOGO_FIELD, message: 'is required' },
      ]);
    if (file.size > LOGO_MAX_BYTES)
      throw new ApiProblem(413, `The logo is ${(file.size / 1024 / 1024).toFixed(1)} MB; at most 2 MB is accepted.`, [
        { field: LOGO_FIELD, message: 'must be at most 2 MB' },
      ]);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = sniffImageType(bytes);
    if (!type)
      throw unprocessable(`The logo must be ${LOGO_CONTENT_TYPES.join(', ')}; the file's content is none of these.`, [
        { field: LOGO_FIELD, message: 'must be a PNG, JPEG or WebP image' },
      ]);
    const dims = positiveDimensions(bytes);
    if (!dims)
      throw unprocessable('The image header is damaged: its dimensions cannot be read.', [
        { field: LOGO_FIELD, message: 'is not a readable image' },
      ]);
    const fileId = newId();
    world.put('files', fileId, { id: fileId, content_type: type, base64: Buffer.from(bytes).toString('base64') });
    const updated = setLogo(
      world,
      entity,
      { contentType: type, size: bytes.length, ...dims },
      `${state.publicUrl}/_sandbox/files/${fileId}`,
    );
    return c.json({ data: entityView(world, updated) });
  });
}
