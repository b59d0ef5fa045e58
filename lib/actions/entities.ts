'use server';

import { revalidatePath } from 'next/cache';

import {
  EntityFormSchema,
  ReplaceProgramsInputSchema,
  UNDOABLE_ENTITY_FIELDS,
  UpdateEntityInputSchema,
} from '@/lib/entities/schemas';
import { said } from '@/lib/i18n/said';
import { getApiClient } from '@/lib/server/api';
import { apiFor, entityChanged, getEntity } from '@/lib/server/directory';
import { ActionError, staffAction } from '@/lib/server/http';

async function requireEntity(id: string) {
  const entity = await getEntity(id);
  if (!entity) throw new ActionError(said('errors.entityGone'));
  return entity;
}

export const createEntityAction = staffAction(
  { name: 'create-entity', role: 'admin', input: EntityFormSchema, mutates: true },
  async (form, { setAuditTarget }) => {
    const created = await getApiClient().createEntity({
      name: form.name,
      default_locale: form.default_locale,
      ...(form.default_program_id
        ? {
            default_program_id: form.default_program_id,
            programs: [{ program_id: form.default_program_id, unallocated_seat_access: false }],
          }
        : {}),
    });
    await entityChanged(created);
    setAuditTarget({ entityId: created.id, resourceType: 'entity', resourceId: created.id, after: created });
    revalidatePath('/entities');
    return { id: created.id };
  },
);

export const updateEntityAction = staffAction(
  { name: 'update-entity', role: 'admin', input: UpdateEntityInputSchema, mutates: true },
  async ({ id, expected, ...form }, { setAuditTarget }) => {
    const before = await requireEntity(id);
    setAuditTarget({
      entityId: id,
      resourceType: 'entity',
      resourceId: id,
      before: {
        name: before.name,
        default_locale: before.default_locale,
        default_program_id: before.default_program_id,
      },
    });
    const moved = UNDOABLE_ENTITY_FIELDS.filter((f) => expected?.[f] !== undefined && expected[f] !== before[f]);
    if (moved.length)
      throw new ActionError(
        said('entities.errors.notUndone', {
          fields: moved.length > 1 ? 'both' : moved[0] === 'name' ? 'name' : 'locale',
        }),
        Object.fromEntries(moved.map((f) => [f, [said('entities.errors.changedSince')]])),
      );
    const patch = {
      ...(form.name !== before.name ? { name: form.name } : {}),
      ...(form.default_locale !== before.default_locale ? { default_locale: form.default_locale } : {}),
      ...(form.default_program_id && form.default_program_id !== before.default_program_id
        ? { default_program_id: form.default_program_id }
        : {}),
    };
    if (Object.keys(patch).length === 0) throw new ActionError(said('errors.nothingChanged'));
    const after = await apiFor(before).updateEntity(id, patch);
    await entityChanged(after);
    setAuditTarget({
      after: { name: after.name, default_locale: after.default_locale, default_program_id: after.default_program_id },
    });
    revalidatePath(`/entities/${id}`);
    revalidatePath('/entities');
    return { id };
  },
);

export const replaceEntityProgramsAction = staffAction(
  { name: 'replace-entity-programs', role: 'admin', input: ReplaceProgramsInputSchema, mutates: true },
  async ({ id, programs }, { setAuditTarget }) => {
    const before = await requireEntity(id);
    setAuditTarget({
      entityId: id,
      resourceType: 'entity',
      resourceId: id,
      before: before.programs.map(({ program_id, unallocated_seat_access }) => ({
        program_id,
        unallocated_seat_access,
      })),
    });
    const after = await apiFor(before).replaceEntityPrograms(id, { data: programs });
    await entityChanged(after, { programs: true });
    setAuditTarget({
      after: after.programs.map(({ program_id, unallocated_seat_access }) => ({ program_id, unallocated_seat_access })),
    });
    revalidatePath(`/entities/${id}`);
    return { programs: after.programs.length };
  },
);
