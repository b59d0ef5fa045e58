'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';

import { useDebounced } from '@/components/forms/use-debounced';
import { GuestFlags, TagBadges } from '@/components/guests/guest-flags';
import { GuestEmail } from '@/lib/guests/schemas';
import { queryKeys } from '@/lib/queries/keys';
import { fetchGuestHistory } from '@/lib/queries/reads';

/** The guest is looked up after this pause in typing their e-mail. */
export const LOOKUP_DEBOUNCE_MS = 400;

/**
 * Once the e-mail typed is an address: what the partner knows of this guest (their flags, staff's
 * tags and note, visits and the last one), so the host books a returning guest knowingly.
 */
export function GuestLookup({ email }: { email: string }) {
  const t = useTranslations('guests');
  const parsed = GuestEmail.safeParse(useDebounced(email, LOOKUP_DEBOUNCE_MS));
  const key = parsed.success ? parsed.data : null;
  const { data, isPending, isError } = useQuery({
    queryKey: queryKeys.guestHistory(key ?? ''),
    queryFn: ({ signal }) => fetchGuestHistory(key!, signal),
    enabled: key !== null,
    staleTime: 60_000,
  });
  if (key === null) return null;
  return (
    <section
      aria-labelledby="guest-lookup-title"
      aria-live="polite"
      aria-busy={isPending}
      className="space-y-2 rounded-md bg-slate-50 p-3 ring-1 ring-slate-200"
      data-testid="guest-lookup"
    >
      <h3 id="guest-lookup-title" className="text-sm font-medium text-slate-700">
        {t('lookup.title')}
      </h3>
      {isPending ? (
        <p className="text-sm text-slate-500">{t('lookup.loading')}</p>
      ) : isError || !data ? (
        <p className="text-sm text-slate-500">{t('lookup.failed')}</p>
      ) : (
        <>
          <GuestFlags flags={data.summary.flags} />
          <TagBadges tags={data.notes.tags} label={t('tags.guestLabel')} testId="guest-lookup-tags" />
          {data.notes.note && (
            <p className="text-sm whitespace-pre-wrap text-slate-900" data-testid="guest-lookup-note">
              {data.notes.note}
            </p>
          )}
          <p className="text-sm text-slate-600" data-testid="guest-lookup-summary">
            {data.rows.length === 0
              ? t('lookup.new')
              : t('lookup.summary', {
                  visits: data.summary.visits,
                  noShows: data.summary.noShows,
                  cancellations: data.summary.cancellations,
                  last: data.lastVisitLabel ?? '—',
                })}
          </p>
        </>
      )}
    </section>
  );
}
