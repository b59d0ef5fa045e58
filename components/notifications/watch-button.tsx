'use client';

import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toast';
import { setWatchAction } from '@/lib/actions/watch';
import type { WatchSubject } from '@/lib/notifications/watch';

/** The button's words, as the server page says them (no catalog of its own in the browser). */
export interface WatchWords {
  watch: string;
  /** what the button does, for a screen reader ("Watch this reservation", "Watch Wharf") */
  label: string;
  /** what watching brings (its tooltip) */
  hint: string;
  nowWatching: string;
  stopped: string;
}

/**
 * A toggle that starts or stops watching a venue or a reservation (pressed: watching, its eye
 * filled): it shows its new state at once and turns back if the server refuses. Its name stays
 * ("Watch this reservation") and its pressed state says whether the member watches.
 */
export function WatchButton({
  subject,
  id,
  watching: initial,
  words,
}: {
  subject: WatchSubject;
  id: string;
  watching: boolean;
  words: WatchWords;
}) {
  const [watching, setWatching] = useState(initial);
  const [pending, setPending] = useState(false);
  const toggle = async () => {
    const on = !watching;
    setWatching(on);
    setPending(true);
    const r = await setWatchAction({ subject, id, on });
    setPending(false);
    if (!r.ok) {
      setWatching(!on);
      return notify(r.error, 'error');
    }
    notify(on ? words.nowWatching : words.stopped);
  };
  return (
    <Button
      variant="secondary"
      size="sm"
      className={watching ? 'bg-brand-50 text-brand-800 ring-brand-400 hover:bg-brand-100' : undefined}
      aria-pressed={watching}
      aria-label={words.label}
      aria-busy={pending || undefined}
      title={words.hint}
      onClick={() => void toggle()}
      data-testid={`watch-${subject}`}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none">
        <path stroke="currentColor" strokeWidth="1.5" d="M10 4C5.5 4 2.5 10 2.5 10s3 6 7.5 6 7.5-6 7.5-6-3-6-7.5-6Z" />
        <circle
          cx="10"
          cy="10"
          r="2.5"
          stroke="currentColor"
          strokeWidth="1.5"
          fill={watching ? 'currentColor' : 'none'}
        />
      </svg>
      {words.watch}
    </Button>
  );
}
