'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';

import { PRESENCE_BEAT_MS } from '@/lib/changes/presence';
import { queryKeys } from '@/lib/queries/keys';
import { fetchPresence } from '@/lib/queries/reads';

import { useHasUnsavedEdits } from './live-follow';

/**
 * "Also here: Alex Admin (editing)": the other members who have this page open now. The query is
 * the page's heartbeat too (every 20 s, and at once when the page starts or stops holding unsaved
 * edits); a member counts for a minute after their last beat. Another member's arrival here, or
 * their start or end of editing, is asked about at once: its event on the change feed invalidates
 * this query (lib/queries/invalidate.ts).
 */
export function Presence({
  reservationId,
}: {
  /** the reservation whose page it is; none: the grid */ reservationId?: string;
}) {
  const place = reservationId ? `reservation:${reservationId}` : 'allocations';
  const t = useTranslations('shell.live.presence');
  const editing = useHasUnsavedEdits();
  // A new key when the member starts or stops editing: the beat that says so goes at once.
  const { data } = useQuery({
    queryKey: queryKeys.presence(place, editing),
    queryFn: ({ signal }) => fetchPresence(place, editing, signal),
    placeholderData: keepPreviousData,
    refetchInterval: PRESENCE_BEAT_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
    retry: false,
  });
  if (!data?.length) return null;
  const names = data.map((p) => (p.editing ? t('editing', { name: p.name }) : p.name)).join(', ');
  return (
    <p className="text-sm text-slate-600" role="status" data-testid="presence">
      {t('here', { names })}
    </p>
  );
}
