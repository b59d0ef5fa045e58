'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toast';
import { markAllNotificationsDoneAction, markNotificationsAction } from '@/lib/actions/inbox';
import type { NotificationReason } from '@/lib/notifications/items';
import { giveBell } from '@/lib/queries/invalidate';
import type { InboxUnread } from '@/lib/queries/reads';

/**
 * After a triage: the bell's new figure at once. The page (and the layout's figure) come rendered
 * anew in the action's own answer (it revalidates the inbox).
 */
function useAfterTriage() {
  const queryClient = useQueryClient();
  return (bell: InboxUnread) => giveBell(queryClient, bell);
}

/** An item's Read (or Unread) and Done buttons, each naming the item for a screen reader. */
export function ItemActions({ id, read, done, label }: { id: string; read: boolean; done: boolean; label: string }) {
  const t = useTranslations('inbox');
  const after = useAfterTriage();
  const [pending, setPending] = useState(false);
  const mark = async (state: 'read' | 'unread' | 'done') => {
    setPending(true);
    const r = await markNotificationsAction({ ids: [id], state });
    setPending(false);
    if (!r.ok) return notify(r.error, 'error');
    after(r.data.bell);
  };
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="secondary"
        size="sm"
        disabled={pending}
        onClick={() => void mark(read ? 'unread' : 'read')}
        aria-label={t(read ? 'markUnreadLabel' : 'markReadLabel', { item: label })}
        data-testid={read ? 'inbox-mark-unread' : 'inbox-mark-read'}
      >
        {read ? t('markUnread') : t('markRead')}
      </Button>
      {!done && (
        <Button
          variant="secondary"
          size="sm"
          disabled={pending}
          onClick={() => void mark('done')}
          aria-label={t('markDoneLabel', { item: label })}
          data-testid="inbox-mark-done"
        >
          {t('markDone')}
        </Button>
      )}
    </div>
  );
}

/** "Mark all done": every item not done yet, or those of the reason the list is filtered by. */
export function MarkAllDone({ reason }: { reason: NotificationReason | null }) {
  const t = useTranslations('inbox');
  const after = useAfterTriage();
  const [pending, setPending] = useState(false);
  const markAll = async () => {
    setPending(true);
    const r = await markAllNotificationsDoneAction(reason ? { reason } : {});
    setPending(false);
    if (!r.ok) return notify(r.error, 'error');
    notify(t('allDone', { count: r.data.done }));
    after(r.data.bell);
  };
  return (
    <Button variant="secondary" disabled={pending} onClick={() => void markAll()} data-testid="inbox-mark-all-done">
      {t('markAllDone')}
    </Button>
  );
}
