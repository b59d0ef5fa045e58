'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';

import { Uuid } from '@/lib/guestbook/schemas';
import { translateSaid, type Translate } from '@/lib/i18n/said';
import { inEnglish, translatorFor } from '@/lib/i18n/translator';
import {
  AllocationError,
  applyChanges,
  restoreSets,
  type ApplyOutcome,
  type FailedWhy,
} from '@/lib/server/allocations';
import { ActionError, getUiLocale, staffAction } from '@/lib/server/http';

const SeatsSchema = z
  .number()
  .int({ error: 'must be a whole number of seats' })
  .min(0, { error: 'must not be negative' })
  .max(1_000_000);

const ApplyInputSchema = z.strictObject({
  changes: z
    .array(z.strictObject({ commitmentId: Uuid, entityId: Uuid, before: SeatsSchema, after: SeatsSchema }))
    .min(1, { error: 'has no change to apply' })
    .max(10_000)
    .refine((cs) => new Set(cs.map((c) => `${c.commitmentId}:${c.entityId}`)).size === cs.length, {
      error: 'lists a cell more than once',
    }),
  resume: z.boolean().default(false),
});

const RestoreInputSchema = z.strictObject({
  sets: z
    .array(
      z.strictObject({
        entityId: Uuid,
        data: z
          .array(z.strictObject({ id: Uuid, entity_seats: SeatsSchema }))
          .max(10_000)
          .refine((d) => new Set(d.map((x) => x.id)).size === d.length, { error: 'lists a commitment more than once' }),
      }),
    )
    .min(1)
    .max(500)
    .refine((sets) => new Set(sets.map((s) => s.entityId)).size === sets.length, {
      error: 'lists an entity more than once',
    }),
});

const readersTranslator = async (): Promise<Translate> => translatorFor(await getUiLocale());

const wrap = async <T>(run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (e) {
    if (e instanceof AllocationError) throw new ActionError(e.reason);
    throw e;
  }
};

/** An outcome as the browser gets it: a failed apply says why in the words of `t`. */
function outcomeIn(t: Translate, outcome: ApplyOutcome<FailedWhy>): ApplyOutcome {
  if (outcome.status !== 'failed') return outcome;
  const { entityName, why, ...failed } = outcome;
  return {
    ...failed,
    message: t('allocations.errors.entityFailed', { entity: entityName, message: translateSaid(t, why) }),
  };
}

/** Applies the grid's change set: re-read, conflict check, then the two-phase plan. */
export const applyAllocationAction = staffAction(
  { name: 'apply-allocation', role: 'operator', input: ApplyInputSchema, mutates: true },
  async ({ changes, resume }, { setAuditTarget }) => {
    setAuditTarget({
      resourceType: 'commitments',
      recordIds: changes.map((c) => c.commitmentId),
      before: changes.map(({ commitmentId, entityId, before }) => ({ commitmentId, entityId, seats: before })),
    });
    const outcome = await wrap(() => applyChanges(changes, { resume }));
    setAuditTarget({
      after:
        outcome.status === 'applied'
          ? changes.map(({ commitmentId, entityId, after }) => ({ commitmentId, entityId, seats: after }))
          : outcomeIn(inEnglish, outcome),
    });
    // No render of the grid in the answer: the grid shows the change and refreshes behind it.
    return outcomeIn(await readersTranslator(), outcome);
  },
);

/** Puts back the values read before an apply that failed part-way. */
export const restoreAllocationAction = staffAction(
  { name: 'restore-allocation', role: 'operator', input: RestoreInputSchema, mutates: true },
  async ({ sets }, { setAuditTarget }) => {
    setAuditTarget({
      resourceType: 'commitments',
      recordIds: sets.flatMap((s) => s.data.map((d) => d.id)),
      after: sets,
    });
    const outcome = await wrap(() => restoreSets(sets));
    revalidatePath('/allocations');
    return outcomeIn(await readersTranslator(), outcome);
  },
);
