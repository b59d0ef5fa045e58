'use server';

import { z } from 'zod';

import { Uuid } from '@/lib/guestbook/schemas';
import { said } from '@/lib/i18n/said';
import { findEntityChoice, rememberSelectedEntity } from '@/lib/server/directory';
import { ActionError, staffAction } from '@/lib/server/http';

/** Picks the entity whose context the console reads and acts in (kept in a cookie). */
export const selectEntityAction = staffAction(
  { name: 'select-entity', role: 'viewer', input: z.strictObject({ id: Uuid }), mutates: false },
  async ({ id }) => {
    const entity = await findEntityChoice(id);
    if (!entity) throw new ActionError(said('errors.entityNotAssigned'));
    await rememberSelectedEntity(id);
    return entity;
  },
);
