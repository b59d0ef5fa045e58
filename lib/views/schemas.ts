import { z } from 'zod';

import { validationMessage } from '@/lib/i18n/said';

import { PAGE_SIZES } from '../preferences/table-preferences';
import { parseReservationSearch } from '../reservations/search-query';

/** A reservation search saved under a name: its filters and sort as the address carries them, and the columns it hides. */
export const SaveViewInputSchema = z.strictObject({
  name: z
    .string()
    .max(60, { error: validationMessage('atMostChars', 60) })
    .trim()
    .min(1, { error: validationMessage('nameView') }),
  query: z
    .string()
    .max(4000, { error: validationMessage('atMostChars', 4000) })
    .superRefine((query, ctx) => {
      const params = new URLSearchParams(query);
      if (params.has('page') || params.has('limit')) ctx.addIssue({ code: 'custom', message: 'holds page or limit' });
      for (const problem of parseReservationSearch(params).problems) ctx.addIssue({ code: 'custom', message: problem });
    }),
  hiddenColumns: z.array(z.string().regex(/^[a-z_A-Z]{1,40}$/, { error: 'is not a column' })).max(20),
  /** rows per page it opens with */
  pageSize: z
    .union(
      PAGE_SIZES.map((n) => z.literal(n)),
      { error: `must be one of ${PAGE_SIZES.join(', ')}` },
    )
    .optional(),
  /** for the whole team (admins only) */
  shared: z.boolean(),
});
export type SaveViewInput = z.input<typeof SaveViewInputSchema>;
