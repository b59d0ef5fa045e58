import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';

import { LiveRefresh } from '@/components/live/live-follow';
import { WatchButton } from '@/components/notifications/watch-button';
import { ErrorState } from '@/components/ui/error-state';
import { HydrateApart } from '@/components/ui/hydrate-apart';
import { Select } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { idOf } from '@/lib/changes/events';
import { addDays } from '@/lib/format/days';
import { RESERVATION_STATUSES } from '@/lib/guestbook/reservation-statuses';
import type { GuestFlag } from '@/lib/guests/history';
import { guestKey } from '@/lib/guests/schemas';
import { readApi } from '@/lib/server/api';
import { requireStaff } from '@/lib/server/auth';
import { getDb } from '@/lib/server/db';
import { getFormatter } from '@/lib/server/http';
import { watchWords } from '@/lib/server/notifications/watch-words';
import { isWatching } from '@/lib/server/notifications/watches';
import { dayInCopy, getDayOfService, type DayOfService } from '@/lib/server/today';
import { daySheet, type SheetRow } from '@/lib/today/day-sheet';
import { venuePacing } from '@/lib/today/pacing';

import { DayFilters, DayLink, PrintButton } from './day-controls';
import { DaySheet, type DayRow } from './day-sheet';
import { OPEN_ID } from './open-id';
import { PacingCard } from './pacing-card';
import { readTodayParams, todayHref, type TodayParams } from './params';
import { ReservationAside } from './reservation-aside';
import { SinceLastLook, type DayChange } from './since-last-look';
import { TodaySkeleton } from './today-skeleton';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('today');
  return { title: t('metaTitle') };
}

/**
 * The day of service: the selected entity's reservations of one day (today at the venues unless
 * another is chosen), by venue and quarter hour, the covers pacing against the seats allocated,
 * and the reservation a row opened beside the list. Read from the live copy and followed live.
 */
export default async function TodayPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const staff = await requireStaff('viewer');
  const params = readTodayParams(await searchParams);
  const day = <Day params={params} memberId={staff.id} />;
  // A day the live copy holds is sent whole, as the database answers it at once: behind a Suspense
  // boundary its skeleton would show first and hold the content 300 ms (React's reveal throttle),
  // and a full load would send the content hidden for a script to swap in. A day read from the API
  // streams in behind the skeleton (a boundary of its own for each day, so that the skeleton shows
  // when another day is chosen, as a boundary already shown keeps its content in a navigation).
  return (
    <div className="space-y-5">
      {(await dayInCopy(params.date)) ? (
        day
      ) : (
        <Suspense key={params.date} fallback={<TodaySkeleton />}>
          {day}
        </Suspense>
      )}
    </div>
  );
}

async function Day({ params, memberId }: { params: TodayParams; memberId: string }) {
  const [result, format, t, tFlags] = await Promise.all([
    readApi(() => getDayOfService(params.date)),
    getFormatter(),
    getTranslations('today'),
    getTranslations('guests.flags'),
  ]);
  const flagLabel = (f: GuestFlag) =>
    f.kind === 'noShows' ? tFlags('noShows', { count: f.count, days: f.days }) : tFlags('firstVisit');
  if (!result.ok) return <ErrorState title={t('readError')} message={result.error} />;
  const d = result.data;
  const programs = new Map(d.programs.map((p) => [p.id, p.name]));
  const programName = (id: string | null) =>
    id ? (programs.get(id) ?? t('sheet.otherProgram')) : t('sheet.noProgram');
  const wallTime = (time: string) => format.wallTime(time);
  const here = { ...params, date: d.date === d.today ? null : d.date };
  const sheet = daySheet(d.reservations, d.venues, d.date, params);
  const open = params.open ? d.reservations.find((r) => r.id === params.open) : undefined;
  const openVenue = open && d.venues.find((v) => v.id === open.venue_id);
  // Pacing at each venue shown where some commitment of the entity runs that day, or covers were booked.
  // Pacing is of one venue: the one filtered on, else the one chosen in the card, else the busiest.
  const paced = d.venues
    .filter((v) => !params.venue || v.id === params.venue)
    .map((v) => ({ id: v.id, name: v.name, pacing: venuePacing(d.reservations, d.commitments, v.id, d.date) }))
    .filter((v) => v.pacing.lines.length > 0 || v.pacing.unpaced > 0);
  const booked = (v: (typeof paced)[number]) => v.pacing.lines.reduce((n, l) => n + l.booked, v.pacing.unpaced);
  const pacingShown =
    paced.find((v) => v.id === params.pacing) ?? [...paced].sort((a, b) => booked(b) - booked(a))[0] ?? null;
  const [watchButtonWords, watchingShown] = await Promise.all([
    pacingShown && watchWords({ venue: pacingShown.name }),
    pacingShown ? getDb().then((db) => isWatching(db, memberId, 'venue', pacingShown.id)) : false,
  ]);

  // the filters that choose among a list: venue, status and program
  const choices = [
    { name: 'venue', value: params.venue, all: t('filters.allVenues'), options: d.venues },
    {
      name: 'status',
      value: params.status,
      all: t('filters.allStatuses'),
      options: RESERVATION_STATUSES.map((id) => ({ id, name: t(`filters.statuses.${id}`) })),
    },
    { name: 'program', value: params.program, all: t('filters.allPrograms'), options: d.programs },
  ] as const;

  return (
    <>
      {d.entity && <LiveRefresh entityId={d.entity.id} kinds={['reservation.', 'allocation.', 'guest.']} />}
      <PageHeader
        asOf={result.asOf}
        title={d.date === d.today ? t('title') : t('titleOn', { date: format.day(d.date) })}
        description={
          <span data-testid="today-scope">
            {t('scope', {
              entity: d.entity?.name ?? '',
              hasEntity: d.entity ? 'yes' : 'no',
              date: format.day(d.date),
              isToday: d.date === d.today ? 'yes' : 'no',
            })}
          </span>
        }
        actions={
          <div className="flex flex-wrap items-center gap-2 print:hidden">
            <DayLink href={todayHref(here, { date: addDays(d.date, -1), open: null })} className={DAY_LINK}>
              {t('filters.previousDay')}
            </DayLink>
            {d.date !== d.today && (
              <DayLink href={todayHref(here, { date: null, open: null })} className={DAY_LINK}>
                {t('filters.today')}
              </DayLink>
            )}
            <DayLink href={todayHref(here, { date: addDays(d.date, 1), open: null })} className={DAY_LINK}>
              {t('filters.nextDay')}
            </DayLink>
            <PrintButton />
          </div>
        }
      />

      <HydrateApart>
        <DayFilters>
          <Field label={t('filters.date')}>
            <input type="date" name="date" defaultValue={d.date} className="control" data-testid="filter-date" />
          </Field>
          {choices.map((c) => (
            <Field key={c.name} label={t(`filters.${c.name}`)}>
              <Select name={c.name} defaultValue={c.value ?? ''} data-testid={`filter-${c.name}`}>
                <option value="">{c.all}</option>
                {c.options.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </Select>
            </Field>
          ))}
        </DayFilters>
      </HydrateApart>

      {d.entity && <SinceLastLook memberId={memberId} entityId={d.entity.id} changes={dayChanges(d)} />}

      <div className={open ? 'grid gap-5 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start' : undefined}>
        <div className="min-w-0 space-y-5">
          {sheet.length === 0 ? (
            <p
              className="rounded-md bg-slate-50 px-4 py-10 text-center text-sm text-slate-500"
              data-testid="sheet-empty"
            >
              {params.venue || params.status || params.program ? t('sheet.noneFiltered') : t('sheet.none')}
            </p>
          ) : (
            <HydrateApart>
              <DaySheet
                openId={open?.id ?? null}
                openHref={todayHref(here, { open: OPEN_ID })}
                venues={sheet.map((venue) => ({
                  venueId: venue.venueId,
                  name: venue.venueName,
                  summary: t('sheet.summary', { reservations: venue.reservations, covers: venue.covers }),
                  quarters: venue.quarters.map((q) => ({
                    quarter: q.quarter,
                    label: wallTime(q.quarter),
                    coversLabel: t('sheet.covers', { covers: q.covers }),
                    rows: q.rows.map((row) =>
                      dayRow(d, row, wallTime(row.time), programName(row.programId), flagLabel),
                    ),
                  })),
                }))}
              />
            </HydrateApart>
          )}
          <HydrateApart>
            <PacingCard
              venues={paced.map((v) => ({ id: v.id, name: v.name }))}
              shown={pacingShown}
              venueHref={(id) => todayHref(here, { pacing: id, open: null })}
              programName={programName}
              wallTime={wallTime}
              watch={
                pacingShown &&
                watchButtonWords && (
                  <WatchButton
                    key={pacingShown.id}
                    subject="venue"
                    id={pacingShown.id}
                    watching={watchingShown}
                    words={watchButtonWords}
                  />
                )
              }
            />
          </HydrateApart>
        </div>
        {open && (
          <HydrateApart>
            <ReservationAside
              reservation={open}
              about={aboutOf(d, open.id, open.guest?.email)}
              closeHref={todayHref(here, { open: null })}
              venueName={openVenue?.name ?? t('sheet.unknownVenue')}
              programName={programName(open.program_id)}
              areaName={openVenue?.seating_areas?.find((a) => a.id === open.seating_area_id)?.name ?? null}
              wallTime={wallTime}
            />
          </HydrateApart>
        )}
      </div>
    </>
  );
}

const DAY_LINK =
  'inline-flex min-h-9 items-center rounded-md px-3 text-sm font-medium text-slate-800 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <label className="flex min-w-36 flex-1 flex-col gap-1 text-xs font-medium text-slate-600 sm:flex-none">
      {label}
      {children}
    </label>
  );
}

/** What the team keeps on a reservation's guest and on the reservation. */
const aboutOf = (d: DayOfService, id: string, email: string | undefined) => ({
  guest: email ? d.guests.get(guestKey(email)) : undefined,
  tags: d.reservationTags.get(id) ?? [],
});

/** A row as the browser's sheet shows it, with what the team keeps on its guest and reservation. */
function dayRow(
  d: DayOfService,
  row: SheetRow,
  timeLabel: string,
  program: string,
  flagLabel: (flag: GuestFlag) => string,
): DayRow {
  const about = aboutOf(d, row.id, row.guest?.email);
  const flags = (about.guest?.flags ?? []).map((f) => ({ kind: f.kind, label: flagLabel(f) }));
  const tags = [...(about.guest?.tags ?? []), ...about.tags];
  // only what a row has: a long day's rows are sent to the browser whole
  return {
    id: row.id,
    timeLabel,
    status: row.status,
    partySize: row.partySize,
    program,
    ...(row.guest && { guest: row.guest.name }),
    ...(row.notes && { notes: row.notes }),
    ...(row.seatingArea && { area: row.seatingArea }),
    ...(!row.counted && { uncounted: true }),
    ...(flags.length > 0 && { flags }),
    ...(tags.length > 0 && { tags }),
    ...(about.guest?.note && { teamNote: about.guest.note }),
  };
}

/** The day's changes as the page marks them (the reservation each is about). */
function dayChanges(d: DayOfService): DayChange[] {
  return d.changes.flatMap((c) => {
    const reservationId = idOf(c, 'reservation');
    return reservationId ? [{ id: c.id, reservationId, kind: c.kind, who: c.who?.name ?? null, data: c.data }] : [];
  });
}
