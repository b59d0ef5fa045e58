import { z } from 'zod';
import { LOGO_FIELD, LOGO_MAX_BYTES, Uuid } from '@/lib/guestbook/schemas';
import { ActionError, staffRoute } from '@/lib/server/action';
import { apiFor, entityChanged, getEntity } from '@/lib/server/entities';
import { checkLogoFile, LOGO_MAX_LABEL, LOGO_TYPES_LABEL, sniffImageType } from '@/app/(console)/entities/schemas';

const LogoUpload = z.strictObject({
  id: Uuid,
  file: z.instanceof(File, { error: `Choose a ${LOGO_TYPES_LABEL} file of at most ${LOGO_MAX_LABEL}.` }).superRefine((file, ctx) => {
    const problem = checkLogoFile(file);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
});

/**
 * POST multipart/form-data with a `file` field. A route handler rather than a server action so
 * that the browser can report upload progress; the same guard applies.
 */
export const POST = staffRoute(
  { name: 'upload-entity-logo', role: 'admin', input: LogoUpload, mutates: true },
  async (request: Request, ctx: { params: Promise<{ id: string }> }) => {
    const { id } = await ctx.params;
    // A body far over the limit is not read at all; the size check below names the limit.
    const declared = Number(request.headers.get('content-length') ?? 0);
    if (declared > 4 * LOGO_MAX_BYTES) return { id, file: null };
    const form = await request.formData();
    return { id, file: form.get(LOGO_FIELD) };
  },
  async ({ id, file }, { describe }) => {
    const entity = await getEntity(id);
    if (!entity) throw new ActionError('This entity is not assigned to the dashboard credentials, or it no longer exists.');
    describe({ entityId: id, resourceType: 'entity-logo', resourceId: id, before: entity.logo ?? null });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const sniffed = sniffImageType(bytes);
    if (!sniffed) throw new ActionError(`${file.name} is not a ${LOGO_TYPES_LABEL} image by its content.`, { file: ['not an image of a supported type'] });
    const updated = await apiFor(entity).uploadEntityLogo(id, new Blob([bytes], { type: sniffed }), file.name);
    entityChanged(updated);
    describe({ after: updated.logo ?? null });
    return { logo: updated.logo ?? null };
  },
);
