import { z } from 'zod';

import { validationMessage } from '@/lib/i18n/said';

import { DENSITIES, PAGE_SIZES } from './table-preferences';

/** A change of one or both, as the list's View menu sends it. */
export const TablePreferencesInputSchema = z
  .strictObject({
    pageSize: z.union(
      PAGE_SIZES.map((n) => z.literal(n)),
      { error: `must be one of ${PAGE_SIZES.join(', ')}` },
    ),
    density: z.enum(DENSITIES, { error: `must be ${DENSITIES.join(' or ')}` }),
  })
  .partial()
  .refine((p) => Object.keys(p).length > 0, { error: validationMessage('pageSizeOrDensity') });
