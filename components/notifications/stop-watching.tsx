'use client';

import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toast';
import { setWatchAction } from '@/lib/actions/watch';
import type { WatchSubject } from '@/lib/notifications/watch';

/** "Stop watching" on the account page's list of what the member watches: the row goes once the server agreed. */
export function StopWatching({
  subject,
  id,
  words,
}: {
  subject: WatchSubject;
  id: string;
  /** the button's text, its name naming the thing, and the notice once stopped, as the page says them */
  words: { stop: string; label: string; stopped: string };
}) {
  const [pending, setPending] = useState(false);
  const stop = async () => {
    setPending(true);
    const r = await setWatchAction({ subject, id, on: false });
    setPending(false);
    if (!r.ok) return notify(r.error, 'error');
    // the action revalidates the account page: its answer carries the page without this watch
    notify(words.stopped);
  };
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={pending}
      aria-busy={pending || undefined}
      aria-label={words.label}
      onClick={() => void stop()}
      data-testid="stop-watching"
    >
      {words.stop}
    </Button>
  );
}
