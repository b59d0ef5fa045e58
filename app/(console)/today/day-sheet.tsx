'use client';

import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { clsx } from 'clsx';
import { useTranslations } from 'next-intl';
import { memo, startTransition, useEffect, useMemo, useRef, useState } from 'react';

import { TagBadges } from '@/components/guests/guest-flags';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Link } from '@/components/ui/link';
import { isKnownStatus } from '@/lib/guestbook/reservation-statuses';
import type { GuestFlag } from '@/lib/guests/history';

import { STATUS_TONE } from '../reservations/status-badge';
import { OPEN_ID } from './open-id';
import { RowMark } from './since-last-look';
import { usePrinting } from './use-printing';

/** A row of the sheet as the browser receives it: what it shows, named and formatted by the server. */
export interface DayRow {
  id: string;
  timeLabel: string;
  status: string;
  partySize: number;
  guest?: string;
  notes?: string;
  program: string;
  area?: string;
  /** canceled, holding no covers */
  uncounted?: true;
  /** the guest's flags, worded by the server ("2 no-shows in 90 days") */
  flags?: { kind: GuestFlag['kind']; label: string }[];
  tags?: string[];
  teamNote?: string;
}

export interface DayQuarter {
  quarter: string;
  /** the quarter's time, and its covers in words ("4 covers"), by the server: the browser formats no number while it loads */
  label: string;
  coversLabel: string;
  rows: DayRow[];
}

export interface DayVenue {
  venueId: string;
  name: string | null;
  /** "12 reservations · 40 covers", worded by the server */
  summary: string;
  quarters: DayQuarter[];
}

/** A venue's day of more rows than this renders the rows in view (and a few around) instead of all. */
export const VIRTUAL_FROM = 60;
/** Rows the server renders of a long day: a first screen. */
const FIRST_ITEMS = 24;

type Item = { kind: 'quarter'; quarter: DayQuarter } | { kind: 'row'; row: DayRow };

/**
 * The day's sheet, one card a venue: its quarter hours in time order, each with its covers, and
 * under each the reservations by time. A row's guest opens the reservation beside the list;
 * `j`/`k` move through the rows (the console's list shortcuts). A long day renders the rows in
 * view only, all of them when printed; printed, it is the pre-service sheet, notes in full.
 */
export function DaySheet({
  venues,
  openId,
  openHref,
}: {
  venues: DayVenue[];
  openId: string | null;
  /** the page's address with a reservation open beside the list, OPEN_ID standing for its id */
  openHref: string;
}) {
  const printing = usePrinting();
  // the same items from render to render: a row re-renders only when it comes into view
  const items = useMemo(
    () =>
      venues.map((venue) =>
        venue.quarters.flatMap((quarter): Item[] => [
          { kind: 'quarter', quarter },
          ...quarter.rows.map((row) => ({ kind: 'row', row }) as const),
        ]),
      ),
    [venues],
  );
  const long = items.reduce((n, list) => n + list.length, 0) > VIRTUAL_FROM && !printing;
  return venues.map((venue, i) => (
    <VenueSheet
      key={venue.venueId}
      venue={venue}
      items={items[i]!}
      openId={openId}
      openHref={openHref}
      serverRows={long ? (i === 0 ? FIRST_ITEMS : 0) : null}
    />
  ));
}

function VenueSheet({
  venue,
  items,
  openId,
  openHref,
  serverRows,
}: {
  venue: DayVenue;
  items: Item[];
  openId: string | null;
  openHref: string;
  /** a long day: the rows in view only, and on the server this many (null: every row) */
  serverRows: number | null;
}) {
  const t = useTranslations('today.sheet');
  const name = venue.name ?? t('unknownVenue');
  return (
    <Card
      title={name}
      actions={
        <span className="text-sm text-slate-600 tabular-nums" data-testid="venue-summary">
          {venue.summary}
        </span>
      }
      flush
      data-testid={`sheet-${venue.venueId}`}
      className="print:break-inside-auto print:shadow-none print:ring-0"
      offScreen={{ height: `${CARD_TOP_PX + items.reduce((h, item) => h + estimateOf(item), 0)}px` }}
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
        {serverRows !== null ? (
          <VirtualBody items={items} openId={openId} openHref={openHref} serverRows={serverRows} />
        ) : (
          <tbody>
            {items.map((item) => (
              <ItemRow key={itemKey(item)} item={item} openId={openId} openHref={openHref} />
            ))}
          </tbody>
        )}
      </table>
    </Card>
  );
}

/** How far beyond the screen a long day's rows are rendered, in pixels. */
const NEAR_PX = 600;

/** A venue card's title and the table's head, over its rows. */
const CARD_TOP_PX = 90;

/** A row's height before it is measured: a quarter's heading, or a reservation of one or two lines. */
const estimateOf = (item: Item) => (item.kind === 'quarter' ? 30 : 56);

const itemKey = (item: Item) => (item.kind === 'quarter' ? `q-${item.quarter.quarter}` : item.row.id);

/** The rows of a long day in view, and a few around, between two spacers of the others' height. */
function VirtualBody({
  items,
  openId,
  openHref,
  serverRows,
}: {
  items: Item[];
  openId: string | null;
  openHref: string;
  serverRows: number;
}) {
  const body = useRef<HTMLTableSectionElement>(null);
  const rest = useRef<HTMLTableRowElement>(null);
  // Where the rows begin in the page (null until measured: the rows the server rendered stay until
  // then, so hydrating changes nothing), measured again when the page's height changes (a banner above).
  // Measured once the rows the server did not render come within NEAR_PX of the screen (at once when
  // they are there already; else when the member scrolls towards them), and the rows then swapped in a
  // transition: React renders them in slices between the browser's frames, and a page loaded and left
  // at its top builds no row it does not show.
  const [margin, setMargin] = useState<number | null>(null);
  useEffect(() => {
    const measure = () => {
      const at = body.current ? Math.round(body.current.getBoundingClientRect().top + window.scrollY) : 0;
      startTransition(() => setMargin(at));
    };
    const resized = new ResizeObserver(measure);
    const near = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        near.disconnect();
        resized.observe(document.body);
      },
      { rootMargin: `${NEAR_PX}px 0px` },
    );
    if (rest.current) near.observe(rest.current);
    else resized.observe(document.body);
    return () => {
      near.disconnect();
      resized.disconnect();
    };
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: (i) => estimateOf(items[i]!),
    overscan: 8,
    scrollMargin: margin ?? 0,
    getItemKey: (i) => itemKey(items[i]!),
    initialRect: { width: 0, height: FIRST_ITEMS * 40 },
    enabled: margin !== null,
  });
  const measured = margin !== null;
  // A venue far below (or above) the screen renders none of its rows: the virtualizer would render
  // its first rows (the overscan) wherever it is.
  const top = virtualizer.scrollOffset ?? 0;
  const bottom = top + (virtualizer.scrollRect?.height ?? 0);
  const virtual = measured
    ? virtualizer.getVirtualItems().filter((v) => v.end > top - NEAR_PX && v.start < bottom + NEAR_PX)
    : [];
  const shown = measured ? virtual.map((v) => v.index) : items.slice(0, serverRows).map((_, i) => i);
  const first = virtual[0];
  const last = virtual.at(-1);
  const before = first ? first.start - margin! : 0;
  // until measured, the rows not rendered keep their estimated height, so the page does not jump
  const after = !measured
    ? items.slice(serverRows).reduce((h, item) => h + estimateOf(item), 0)
    : last
      ? virtualizer.getTotalSize() - (last.end - margin)
      : virtualizer.getTotalSize();
  return (
    <tbody ref={body} data-virtual="true">
      {before > 0 && <tr aria-hidden="true" style={{ height: before }} />}
      {shown.map((index) => (
        <ItemRow
          key={itemKey(items[index]!)}
          item={items[index]!}
          openId={openId}
          openHref={openHref}
          measure={measured ? virtualizer.measureElement : undefined}
          index={index}
        />
      ))}
      {after > 0 && <tr ref={rest} aria-hidden="true" style={{ height: after }} />}
    </tbody>
  );
}

const ItemRow = memo(function ItemRow({
  item,
  openId,
  openHref,
  measure,
  index,
}: {
  item: Item;
  openId: string | null;
  openHref: string;
  measure?: (el: Element | null) => void;
  index?: number;
}) {
  if (item.kind === 'quarter')
    return (
      <tr
        ref={measure}
        data-index={index}
        className="bg-slate-50 print:break-after-avoid"
        data-testid={`quarter-${item.quarter.quarter}`}
      >
        <th scope="rowgroup" colSpan={6} className="py-1.5 pr-4 pl-4 text-xs font-semibold text-slate-600 sm:pl-5">
          {item.quarter.label} · <span data-testid="quarter-covers">{item.quarter.coversLabel}</span>
        </th>
      </tr>
    );
  return (
    <SheetRowView
      row={item.row}
      href={openHref.replace(OPEN_ID, item.row.id)}
      open={item.row.id === openId}
      measure={measure}
      index={index}
    />
  );
});

function Status({ status }: { status: string }) {
  const t = useTranslations('today.filters.statuses');
  return isKnownStatus(status) ? (
    <Badge tone={STATUS_TONE[status]}>{t(status)}</Badge>
  ) : (
    <Badge tone="neutral">{status.replace('_', '-')}</Badge>
  );
}

function SheetRowView({
  row,
  href,
  open,
  measure,
  index,
}: {
  row: DayRow;
  href: string;
  open: boolean;
  measure?: (el: Element | null) => void;
  index?: number;
}) {
  const t = useTranslations('today.sheet');
  const tags = row.tags ?? [];
  const flags = row.flags ?? [];
  return (
    <tr
      ref={measure}
      data-index={index}
      data-testid={`sheet-row-${row.id}`}
      data-status={row.status}
      aria-current={open || undefined}
      className={clsx(
        'border-t border-slate-100 align-top print:break-inside-avoid',
        open && 'bg-brand-50',
        row.uncounted && 'text-slate-600',
      )}
    >
      <td className="py-2 pr-3 pl-4 tabular-nums sm:pl-5">{row.timeLabel}</td>
      <td className="min-w-0 py-2 pr-3">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <Link
            href={href}
            scroll={false}
            className={clsx('font-medium text-brand-700 hover:underline', row.uncounted && 'line-through')}
            data-testid="sheet-guest"
          >
            {row.guest ?? t('unnamedGuest')}
          </Link>
          <RowMark id={row.id} />
          <span className="sm:hidden print:hidden">
            <Status status={row.status} />
          </span>
        </div>
        {row.notes && <p className="mt-0.5 text-xs break-words text-slate-600">{row.notes}</p>}
        {(flags.length > 0 || tags.length > 0) && (
          <div className="mt-1 flex flex-wrap items-center gap-1.5 text-xs" data-testid="sheet-about">
            {flags.length > 0 && (
              <ul className="flex flex-wrap gap-2" aria-label={t('flags')} data-testid="guest-flags">
                {flags.map((f) => (
                  <li key={f.kind} data-flag={f.kind}>
                    <Badge tone={f.kind === 'noShows' ? 'danger' : 'info'}>{f.label}</Badge>
                  </li>
                ))}
              </ul>
            )}
            <TagBadges tags={tags} label={t('tags')} testId="sheet-tags" />
          </div>
        )}
        {row.teamNote && (
          <p className="mt-0.5 text-xs break-words text-violet-900" data-testid="sheet-team-note">
            {t('teamNote', { note: row.teamNote })}
          </p>
        )}
        <p className="mt-0.5 text-xs text-slate-600 lg:hidden print:hidden">
          {[row.program, row.area].filter(Boolean).join(' · ')}
        </p>
      </td>
      <td className="py-2 pr-3 text-right tabular-nums" data-testid="sheet-party">
        {row.partySize}
      </td>
      <td className="hidden py-2 pr-3 sm:table-cell print:table-cell">
        <Status status={row.status} />
      </td>
      <td className="hidden py-2 pr-3 lg:table-cell print:table-cell">{row.program}</td>
      <td className="hidden py-2 pr-4 lg:table-cell print:table-cell">{row.area ?? '—'}</td>
    </tr>
  );
}
