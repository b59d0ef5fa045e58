/**
 * The dashboard's copy of the partner's directory as the console names it: its resources, and a
 * resource in one context ("partner", "default" or an entity's id), which a page's "Refresh now"
 * asks to read anew. Framework-free, shared by the server and the refresh button.
 */
import { z } from 'zod';

import { Uuid } from '../guestbook/schemas';

export const COPY_RESOURCES = ['identity', 'delegates', 'entities', 'venues', 'markets', 'commitments'] as const;
export type CopyResource = (typeof COPY_RESOURCES)[number];

/** One resource of the copy in one context, as a page that showed it old names it. */
export const CopyRef = z.strictObject({
  resource: z.enum(COPY_RESOURCES),
  context: z.union([z.literal('partner'), z.literal('default'), Uuid]),
});
export type CopyRef = z.infer<typeof CopyRef>;

/** "Refresh now": the copies a page showed old (a grid shows one per entity). */
export const RefreshCopiesInput = z.strictObject({ copies: z.array(CopyRef).min(1).max(200) });
