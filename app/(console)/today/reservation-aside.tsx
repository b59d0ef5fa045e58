import { useTranslations } from 'next-intl';

import { GuestFlags, TagBadges } from '@/components/guests/guest-flags';
import { FieldList } from '@/components/ui/field-list';
import { Link } from '@/components/ui/link';
import type { Reservation } from '@/lib/guestbook/schemas';
import type { DayGuest } from '@/lib/server/today';

import { StatusBadge } from '../reservations/status-badge';

/**
 * The reservation a row opened, beside the list (below it on a phone), so that the member keeps
 * their place in the day: who, when, how many, where, the notes, and the way to its own page to
 * modify or cancel it.
 */
export function ReservationAside({
  reservation: r,
  about,
  closeHref,
  venueName,
  programName,
  areaName,
  wallTime,
}: {
  reservation: Reservation;
  /** what the team keeps on the guest and on the reservation */
  about: { guest: DayGuest | undefined; tags: string[] };
  closeHref: string;
  venueName: string;
  programName: string;
  areaName: string | null;
  wallTime: (time: string) => string;
}) {
  const t = useTranslations('today.panel');
  const ts = useTranslations('today.sheet');
  const name = r.guest ? `${r.guest.first_name} ${r.guest.last_name}` : t('unnamedGuest');
  return (
    <aside
      aria-label={t('label', { guest: name })}
      data-testid="reservation-aside"
      className="fixed inset-x-0 bottom-0 z-30 max-h-[70dvh] space-y-4 overflow-y-auto rounded-t-xl bg-surface p-4 shadow-lg ring-1 ring-slate-200 lg:sticky lg:inset-auto lg:top-4 lg:z-auto lg:max-h-none lg:rounded-lg lg:shadow-sm print:hidden"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 className="text-base font-semibold break-words text-slate-900" data-testid="aside-guest">
          {name}
        </h2>
        <Link
          href={closeHref}
          scroll={false}
          className="inline-flex min-h-9 shrink-0 items-center rounded-md px-2 text-sm text-slate-600 hover:bg-slate-100"
        >
          {t('close')}
        </Link>
      </div>
      <StatusBadge status={r.status} />
      {about.guest && <GuestFlags flags={about.guest.flags} />}
      <TagBadges tags={[...(about.guest?.tags ?? []), ...about.tags]} label={ts('tags')} testId="aside-tags" />
      {about.guest?.note && (
        <p className="text-sm break-words text-violet-900">{ts('teamNote', { note: about.guest.note })}</p>
      )}
      <FieldList
        fields={[
          {
            label: t('when'),
            value: t('whenValue', { time: r.time ? wallTime(r.time) : '—', party: r.party_size ?? 0 }),
            testId: 'aside-when',
          },
          { label: t('venue'), value: venueName, testId: 'aside-venue' },
          { label: t('program'), value: programName, testId: 'aside-program' },
          ...(areaName ? [{ label: t('area'), value: areaName, testId: 'aside-area' }] : []),
          { label: t('email'), value: r.guest?.email || '—', testId: 'aside-email' },
          { label: t('phone'), value: r.guest?.phone || '—', testId: 'aside-phone' },
          { label: t('notes'), value: r.notes || t('noNotes'), testId: 'aside-notes' },
        ]}
      />
      <Link
        href={`/reservations/${r.id}`}
        className="inline-flex min-h-9 items-center rounded-md bg-brand-600 px-3 text-sm font-medium text-white hover:bg-brand-700"
        data-testid="aside-open"
      >
        {t('open')}
      </Link>
    </aside>
  );
}
