/**
 * Watching a venue or a reservation, as the pages, the action and the raiser know it.
 * Framework-free.
 */
import { z } from 'zod';

import { Uuid } from '../guestbook/schemas';
import { validationMessage } from '../i18n/said';

/** What a member can watch: a venue (today's quarter hours reaching its seats) or a reservation (changed or canceled by others). */
export const WATCH_SUBJECTS = ['venue', 'reservation'] as const;
export type WatchSubject = (typeof WATCH_SUBJECTS)[number];

/** Starts (`on`) or stops watching one venue or reservation. */
export const SetWatchInput = z.strictObject({
  subject: z.enum(WATCH_SUBJECTS, { error: validationMessage('watchSubject') }),
  id: Uuid,
  on: z.boolean(),
});
export type SetWatch = z.infer<typeof SetWatchInput>;
