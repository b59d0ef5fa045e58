'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';

import { Uuid } from '@/lib/guestbook/schemas';
import { ActionError, staffAction } from '@/lib/server/action';
import { apiFor, entityChanged, getEntity, listEligibleCommitments } from '@/lib/server/entities';
import { getApiClient } from '@/lib/server/guestbook';
import { forgetSharedReads, SHARED } from '@/lib/server/shared-reads';

import { EntityFormSchema, ReplaceProgramsInputSchema, UpdateEntityInputSchema } from './schemas';

async function requireEntity(id: string) {
  const entity = await getEntity(id);
  if (!entity)
    throw new ActionError('This entity is not assigned to the dashboard credentials, or it no longer exists.');
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
    forgetSharedReads(SHARED.entityList, SHARED.commitments);
    setAuditTarget({ entityId: created.id, resourceType: 'entity', resourceId: created.id, after: created });
    revalidatePath('/entities');
    return { id: created.id };
  },
);

export const updateEntityAction = staffAction(
  { name: 'update-entity', role: 'admin', input: UpdateEntityInputSchema, mutates: true },
  async ({ id, ...form }, { setAuditTarget }) => {
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
    const patch = {
      ...(form.name !== before.name ? { name: form.name } : {}),
      ...(form.default_locale !== before.default_locale ? { default_locale: form.default_locale } : {}),
      ...(form.default_program_id && form.default_program_id !== before.default_program_id
        ? { default_program_id: form.default_program_id }
        : {}),
    };
    if (Object.keys(patch).length === 0) throw new ActionError('Nothing changed.');
    const after = await apiFor(before).updateEntity(id, patch);
    entityChanged(after);
    setAuditTarget({
      after: { name: after.name, default_locale: after.default_locale, default_program_id: after.default_program_id },
    });
    revalidatePath(`/entities/${id}`);
    revalidatePath('/entities');
    return { id };
  },
);

/** Which eligible commitments an entity would lose with this program list (read only). */
export const previewProgramChangeAction = staffAction(
  {
    name: 'preview-program-change',
    role: 'admin',
    input: z.strictObject({ id: Uuid, programIds: z.array(Uuid).max(200) }),
    mutates: false,
  },
  async ({ id, programIds }) => {
    const entity = await requireEntity(id);
    const keep = new Set(programIds);
    const rows = await listEligibleCommitments(entity);
    return rows
      .filter((r) => r.program_id && !keep.has(r.program_id))
      .map((r) => ({
        id: r.id,
        programId: r.program_id!,
        status: r.assignment_status,
        entitySeats: r.entity_seats,
        venueId: r.venue_id ?? null,
        days: r.days_of_week ?? [],
        start: r.start_time ?? null,
        end: r.end_time ?? null,
      }));
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
    entityChanged(after);
    forgetSharedReads(SHARED.commitments);
    setAuditTarget({
      after: after.programs.map(({ program_id, unallocated_seat_access }) => ({ program_id, unallocated_seat_access })),
    });
    revalidatePath(`/entities/${id}`);
    return { programs: after.programs.length };
  },
);

/**
 * The entity's logo as the API holds it now (a fresh read), for the uploader to follow its
 * processing; the entity's page is revised with what was read.
 */
export const readEntityLogoAction = staffAction(
  { name: 'read-entity-logo', role: 'viewer', input: z.strictObject({ id: Uuid }), mutates: false },
  async ({ id }) => {
    const entity = await getEntity(id);
    if (!entity)
      throw new ActionError('This entity is not assigned to the dashboard credentials, or it no longer exists.');
    entityChanged(entity);
    const logo = entity.logo;
    return logo ? { url: logo.url, width: logo.width, height: logo.height, aspect_ratio: logo.aspect_ratio } : null;
  },
);
