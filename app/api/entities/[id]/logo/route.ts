import { z } from 'zod';

import {
  checkLogoDimensions,
  checkLogoFile,
  imageDimensions,
  LOGO_MAX_MEGABYTES,
  sniffImageType,
  type Logo,
} from '@/lib/guestbook/logo';
import { LOGO_FIELD, LOGO_MAX_BYTES, Uuid } from '@/lib/guestbook/schemas';
import { said, translateSaid } from '@/lib/i18n/said';
import { inEnglish } from '@/lib/i18n/translator';
import { apiFor, entityChanged, entityRead, getEntity } from '@/lib/server/directory';
import { ActionError, readFormLimited, staffReadRoute, staffRoute } from '@/lib/server/http';

/** The largest request body read: the file's limit plus room for the multipart envelope. */
const LOGO_UPLOAD_MAX_BYTES = LOGO_MAX_BYTES + 64 * 1024;

/**
 * The uploader checks the file with the same rules before it sends one (and says why in the
 * member's language), so the schema refuses only a hand-made request: its messages stay English.
 */
const LogoUploadSchema = z.strictObject({
  id: Uuid,
  file: z
    .instanceof(File, { error: `Choose a PNG, JPEG or WebP file of at most ${LOGO_MAX_MEGABYTES} MB.` })
    .superRefine((file, ctx) => {
      const problem = checkLogoFile(file);
      if (problem) ctx.addIssue({ code: 'custom', message: translateSaid(inEnglish, problem) });
    }),
});

/**
 * POST multipart/form-data with a `file` field. A route handler rather than a server action so
 * that the browser can report upload progress; the same guard applies, and the body is read
 * only after it, up to LOGO_UPLOAD_MAX_BYTES (413 beyond).
 */
export const POST = staffRoute(
  { name: 'upload-entity-logo', role: 'admin', input: LogoUploadSchema, mutates: true },
  async (request: Request, ctx: { params: Promise<{ id: string }> }) => {
    const { id } = await ctx.params;
    const form = await readFormLimited(request, LOGO_UPLOAD_MAX_BYTES, 'upload', LOGO_MAX_BYTES);
    return { id, file: form.get(LOGO_FIELD) };
  },
  async ({ id, file }, { setAuditTarget }) => {
    const entity = await getEntity(id);
    if (!entity) throw new ActionError(said('errors.entityGone'));
    setAuditTarget({ entityId: id, resourceType: 'entity-logo', resourceId: id, before: entity.logo ?? null });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const sniffed = sniffImageType(bytes);
    if (!sniffed)
      throw new ActionError(said('entities.errors.notAnImageByContent', { file: file.name }), {
        file: [said('entities.errors.unsupportedImage')],
      });
    const tooLarge = checkLogoDimensions(file.name, imageDimensions(bytes));
    if (tooLarge) throw new ActionError(tooLarge, { file: [tooLarge] });
    const updated = await apiFor(entity).uploadEntityLogo(id, new Blob([bytes], { type: sniffed }), file.name);
    await entityChanged(updated);
    setAuditTarget({ after: updated.logo ?? null });
    return { logo: updated.logo ?? null };
  },
);

/**
 * GET: the entity's logo as the API holds it now (a fresh read), polled by the uploader every
 * second while the API processes a new one; the entity's page and the copy show what was read
 * (entityRead), and nothing shared is dropped.
 */
export const GET = staffReadRoute(
  { name: 'read-entity-logo', role: 'viewer', input: z.strictObject({ id: Uuid }), lane: 'background' },
  {},
  async ({ id }): Promise<Logo | null> => {
    const entity = await getEntity(id);
    if (!entity) throw new ActionError(said('errors.entityGone'));
    await entityRead(entity);
    const logo = entity.logo;
    return logo ? { url: logo.url, width: logo.width, height: logo.height, aspect_ratio: logo.aspect_ratio } : null;
  },
  async (ctx: { params: Promise<{ id: string }> }) => ({ id: (await ctx.params).id }),
);
