import 'server-only';

import type { CopyRef } from '../../directory/schemas';
import { COPY_FRESH_MS } from '../api';
import { getDb } from '../db';
import { copiesSyncedBefore, DEFAULT_CONTEXT, PARTNER_CONTEXT, PARTNER_WIDE } from './copy-store';
import { syncCopy, type CopyEntity } from './copy-sync';
import { listEntities } from './entities';

/**
 * "Refresh now": the copies a page showed old, read anew from the API at once in the lane of the
 * request (the member's page view) and stored. A context must be the partner's, the default
 * entity's or an entity assigned to the credentials; any other is left alone. The partner's old
 * copies are read too: every page's shell reads them, and a page's note may have been written
 * before the shell's reads reported their age. Returns how many copies were read.
 */
export async function refreshCopies(copies: readonly CopyRef[], now = new Date()): Promise<number> {
  const entities = await listEntities();
  const partnerOld = await copiesSyncedBefore(await getDb(), PARTNER_CONTEXT, new Date(now.getTime() - COPY_FRESH_MS));
  const jobs = [...copies, ...partnerOld].flatMap((c): (CopyRef & { entity: CopyEntity | null })[] => {
    if (PARTNER_WIDE.has(c.resource)) return c.context === PARTNER_CONTEXT ? [{ ...c, entity: null }] : [];
    if (c.context === DEFAULT_CONTEXT) return [{ ...c, entity: null }];
    const entity = entities.find((e) => e.id === c.context);
    return entity ? [{ ...c, entity: { id: entity.id, org_id: entity.org_id } }] : [];
  });
  const unique = [...new Map(jobs.map((j) => [`${j.resource}:${j.context}`, j])).values()];
  await Promise.all(unique.map((j) => syncCopy(j.resource, j.entity)));
  return unique.length;
}
