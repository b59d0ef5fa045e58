import { clsx } from 'clsx';
import { useTranslations } from 'next-intl';

import { GuestFlags, TagBadges } from '@/components/guests/guest-flags';
import { Card } from '@/components/ui/card';
import { Link } from '@/components/ui/link';
import type { DayGuest } from '@/lib/server/today';
import type { SheetRow, SheetVenueDay } from '@/lib/today/day-sheet';

import { StatusBadge } from '../reservations/status-badge';
import { RowMark } from './since-last-look';

/**
 * One venue's day as the pre-service sheet: its quarter hours in time order, each with its covers,
 * and under each the reservations by time. A row's guest opens the reservation beside the list;
 * `j`/`k` move through the rows (the console's list shortcuts). Printed, it is the sheet itself:
 * notes in full, nothing of the console around it.
 */
/** What the team keeps on a row's guest and on the reservation itself. */
export type RowAbout = (row: SheetRow) => { guest: DayGuest | undefined; tags: string[] };

export function DaySheetTable({
  venue,
  about,
  rowHref,
  openId,
  programName,
  wallTime,
}: {
  venue: SheetVenueDay;
  about: RowAbout;
  rowHref: (id: string) => string;
  openId: string | null;
  programName: (id: string | null) => string;
  wallTime: (time: string) => string;
}) {
  const t = useTranslations('today.sheet');
  const name = venue.venueName ?? t('unknownVenue');
  return (
    <Card
      title={name}
      actions={
        <span className="text-sm text-slate-600 tabular-nums" data-testid="venue-summary">
          {t('summary', { reservations: venue.reservations, covers: venue.covers })}
        </span>
      }
      flush
      data-testid={`sheet-${venue.venueId}`}
      className="print:break-inside-auto print:shadow-none print:ring-0"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('label', { venue: name })}</caption>
        <thead className="text-xs tracking-wide text-slate-500 uppercase">
          <tr className="border-b border-slate-100">
            <th scope="col" className="py-2 pr-3 pl-4 font-medium sm:pl-5">
              {t('time')}
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t('guest')}
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              {t('party')}
            </th>
            <th scope="col" className="hidden py-2 pr-3 font-medium sm:table-cell print:table-cell">
              {t('status')}
            </th>
            <th scope="col" className="hidden py-2 pr-3 font-medium lg:table-cell print:table-cell">
              {t('program')}
            </th>
            <th scope="col" className="hidden py-2 pr-4 font-medium lg:table-cell print:table-cell">
              {t('area')}
            </th>
          </tr>
        </thead>
        {venue.quarters.map((q) => (
          <tbody key={q.quarter} data-testid={`quarter-${q.quarter}`} className="print:break-inside-avoid">
            <tr className="bg-slate-50">
              <th
                scope="rowgroup"
                colSpan={6}
                className="py-1.5 pr-4 pl-4 text-xs font-semibold text-slate-600 sm:pl-5"
              >
                {wallTime(q.quarter)} · <span data-testid="quarter-covers">{t('covers', { covers: q.covers })}</span>
              </th>
            </tr>
            {q.rows.map((row) => (
              <SheetRowView
                key={row.id}
                row={row}
                about={about(row)}
                href={rowHref(row.id)}
                open={row.id === openId}
                programName={programName}
                wallTime={wallTime}
              />
            ))}
          </tbody>
        ))}
      </table>
    </Card>
  );
}

function SheetRowView({
  row,
  about,
  href,
  open,
  programName,
  wallTime,
}: {
  row: SheetRow;
  about: ReturnType<RowAbout>;
  href: string;
  open: boolean;
  programName: (id: string | null) => string;
  wallTime: (time: string) => string;
}) {
  const t = useTranslations('today.sheet');
  return (
    <tr
      data-testid={`sheet-row-${row.id}`}
      data-status={row.status}
      aria-current={open || undefined}
      className={clsx('border-t border-slate-100 align-top', open && 'bg-brand-50', !row.counted && 'text-slate-600')}
    >
      <td className="py-2 pr-3 pl-4 tabular-nums sm:pl-5">{wallTime(row.time)}</td>
      <td className="min-w-0 py-2 pr-3">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <Link
            href={href}
            scroll={false}
            className={clsx('font-medium text-brand-700 hover:underline', !row.counted && 'line-through')}
            data-testid="sheet-guest"
          >
            {row.guest?.name ?? t('unnamedGuest')}
          </Link>
          <RowMark id={row.id} />
          <span className="sm:hidden print:hidden">
            <StatusBadge status={row.status} />
          </span>
        </div>
        {row.notes && <p className="mt-0.5 text-xs break-words text-slate-600">{row.notes}</p>}
        {(about.guest || about.tags.length > 0) && (
          <div className="mt-1 flex flex-wrap items-center gap-1.5 text-xs" data-testid="sheet-about">
            {about.guest && <GuestFlags flags={about.guest.flags} />}
            <TagBadges tags={[...(about.guest?.tags ?? []), ...about.tags]} label={t('tags')} testId="sheet-tags" />
          </div>
        )}
        {about.guest?.note && (
          <p className="mt-0.5 text-xs break-words text-violet-900" data-testid="sheet-team-note">
            {t('teamNote', { note: about.guest.note })}
          </p>
        )}
        <p className="mt-0.5 text-xs text-slate-600 lg:hidden print:hidden">
          {[programName(row.programId), row.seatingArea].filter(Boolean).join(' · ')}
        </p>
      </td>
      <td className="py-2 pr-3 text-right tabular-nums" data-testid="sheet-party">
        {row.partySize}
      </td>
      <td className="hidden py-2 pr-3 sm:table-cell print:table-cell">
        <StatusBadge status={row.status} />
      </td>
      <td className="hidden py-2 pr-3 lg:table-cell print:table-cell">{programName(row.programId)}</td>
      <td className="hidden py-2 pr-4 lg:table-cell print:table-cell">{row.seatingArea ?? '—'}</td>
    </tr>
  );
}
