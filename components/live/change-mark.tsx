'use client';

import { useTranslations } from 'next-intl';
import { useSyncExternalStore } from 'react';

import { TONE_CLASSES } from '@/components/ui/tone';
import type { ChangeEvent } from '@/lib/changes/events';

import { markOf, subscribeMarks } from './change-marks';

type T = ReturnType<typeof useTranslations<'shell.live'>>;

/** "Canceled by Olu Operator", "New, booked outside the console", …: what happened to a row, and who did it. */
export function changeText(t: T, event: ChangeEvent): string {
  const what =
    event.kind === 'reservation.canceled' ? 'canceled' : event.kind === 'reservation.created' ? 'created' : 'changed';
  return event.who ? t(`mark.${what}`, { name: event.who.name }) : t(`mark.${what}Outside`);
}

/** The mark of a reservation changed a moment ago (by another member, the console or outside it), for a few seconds. */
export function ChangeMark({ id }: { id: string }) {
  const t = useTranslations('shell.live');
  const event = useSyncExternalStore(
    subscribeMarks,
    () => markOf(id),
    () => undefined,
  );
  if (!event) return null;
  return (
    <span
      role="status"
      data-testid="change-mark"
      data-kind={event.kind}
      className={`ml-2 rounded px-1.5 py-0.5 text-xs ring-1 ring-inset sm:whitespace-nowrap ${TONE_CLASSES.warning}`}
    >
      {changeText(t, event)}
    </span>
  );
}
