'use server';

import { revalidatePath } from 'next/cache';

import { said } from '@/lib/i18n/said';
import { MarkAllDoneInput, MarkNotificationsInput } from '@/lib/notifications/items';
import { getDb } from '@/lib/server/db';
import { ActionError, staffAction } from '@/lib/server/http';
import { markAllDone, markNotifications } from '@/lib/server/notifications';
import { bellFigure } from '@/lib/server/notifications/bell';

/**
 * Marks items of the member's own inbox read, unread or done, and answers the bell's new figure.
 * The recipient is always the session's member: an id of another member's item (or one gone)
 * changes nothing, and when none of the ids was theirs the action says so.
 */
export const markNotificationsAction = staffAction(
  { name: 'mark-notifications', role: 'viewer', input: MarkNotificationsInput, mutates: false },
  async (input, { staff }) => {
    const db = await getDb();
    const changed = await markNotifications(db, staff, input);
    if (!changed.length) throw new ActionError(said('inbox.errors.notYours'));
    revalidatePath('/inbox');
    return { ids: changed, bell: await bellFigure(db, staff) };
  },
);

/** Marks every item of the member's not done yet as done (those of one reason, when given). */
export const markAllNotificationsDoneAction = staffAction(
  { name: 'mark-all-notifications-done', role: 'viewer', input: MarkAllDoneInput, mutates: false },
  async ({ reason }, { staff }) => {
    const db = await getDb();
    const done = await markAllDone(db, staff, reason);
    revalidatePath('/inbox');
    return { done, bell: await bellFigure(db, staff) };
  },
);
