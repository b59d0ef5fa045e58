import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { Suspense, type ReactNode } from 'react';
import { z } from 'zod';

import { ChangeMark } from '@/components/live/change-mark';
import { Presence } from '@/components/live/presence';
import { ReservationLive } from '@/components/live/reservation-live';
import { WatchButton } from '@/components/notifications/watch-button';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { FieldList } from '@/components/ui/field-list';
import { NamedId } from '@/components/ui/named-id';
import { Notice } from '@/components/ui/notice';
import { OtherFields } from '@/components/ui/other-fields';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { hasRole } from '@/lib/auth/roles';
import { relativeTime } from '@/lib/format/relative';
import { LOCALES, localeName as nameOfLocale, type LocaleCode } from '@/lib/guestbook/locales';
import { isFinalStatus } from '@/lib/guestbook/reservation-statuses';
import type { Messages } from '@/lib/i18n/messages';
import { oldestAsOf, readApi } from '@/lib/server/api';
import { requireStaff } from '@/lib/server/auth';
import { getDb } from '@/lib/server/db';
import { knownPrograms, listEntities, selectedContextKey } from '@/lib/server/directory';
import { heldFor, refusedFor } from '@/lib/server/held-changes';
import { getFormatter } from '@/lib/server/http';
import { watchWords } from '@/lib/server/notifications/watch-words';
import { isWatching } from '@/lib/server/notifications/watches';
import {
  otherReservationFields,
  reservationElsewhere,
  seatingAreaNames,
  venueNames,
  viewReservation,
  withHeld,
} from '@/lib/server/reservations';

import { HistoryLink } from '../../activity/history-link';
import { StatusBadge } from '../status-badge';
import { CancelButton } from './cancel-button';
import { ElsewhereSwitch } from './elsewhere-switch';
import { GuestCard } from './guest-card';
import { HeldRefresh } from './held-refresh';
import { ModifyPanel } from './modify-panel';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('booking');
  return { title: t('detail.title') };
}

export default async function ReservationPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ booked?: string }>;
}) {
  const staff = await requireStaff('viewer');
  const { id } = await params;
  const booked = (await searchParams).booked === '1';
  if (!z.guid().safeParse(id).success) notFound();
  const t = await getTranslations('booking');
  // Held by another brand or channel than the one the member works in: said so, with no API read.
  const elsewhere = await reservationElsewhere(id).catch(() => null);
  if (elsewhere) {
    const brand = elsewhere.holder.name;
    return (
      <div className="space-y-4">
        <PageHeader trail={[{ href: '/reservations', label: t('reservationsTrail') }]} title={t('detail.title')} />
        <Notice tone="info" title={t('detail.elsewhere.title', { brand })} data-testid="reservation-elsewhere">
          {t('detail.elsewhere.text', { brand, current: elsewhere.selected?.name ?? '—' })}
          <ElsewhereSwitch entityId={elsewhere.holder.id} label={t('detail.elsewhere.switch', { brand })} />
        </Notice>
      </div>
    );
  }
  const db = await getDb();
  const [result, venues, seatingAreas, entities, format, context, watchButtonWords, watching, held, refused] =
    await Promise.all([
      readApi(() => viewReservation(id)),
      readApi(venueNames),
      readApi(seatingAreaNames),
      readApi(listEntities),
      getFormatter(),
      readApi(selectedContextKey),
      watchWords('reservation'),
      isWatching(db, staff.id, 'reservation', id),
      heldFor(db, id),
      // The member's own held changes refused when sent a short while ago: why, where they made them.
      refusedFor(db, staff.id, id),
    ]);
  if (!result.ok) return <ErrorState title={t('detail.readFailed')} message={result.error} />;
  if (!result.data) notFound();
  // A change made by staff and waiting out its undo window shows as made (the guest is told of it when it ends).
  const r = withHeld(result.data, held);
  const sendsAt = held.at(-1)?.dueAt;
  // the context the client-side queries of this entity's reservations are kept under
  const contextKey = context.ok ? context.data : (r.entity_id ?? 'default');
  const venueName = r.venue_id && venues.ok ? venues.data[r.venue_id] : undefined;
  const seatingAreaName = r.seating_area_id && seatingAreas.ok ? seatingAreas.data[r.seating_area_id] : undefined;
  const entity = entities.ok ? entities.data.find((e) => e.id === r.entity_id) : undefined;
  const programName =
    r.program_id && entities.ok ? knownPrograms(entities.data).find((p) => p.id === r.program_id)?.name : undefined;
  const localeName = r.locale && r.locale in LOCALES ? nameOfLocale(r.locale, await getLocale()) : undefined;
  const extra = otherReservationFields(r);
  const guestName = r.guest ? `${r.guest.first_name} ${r.guest.last_name}` : t('detail.unnamedGuest');
  const localeLabel = localeName ? t('localeWithCode', { name: localeName, code: r.locale }) : r.locale;
  const when = t('detail.when', {
    party: r.party_size == null ? t('detail.unknownGuests') : t('detail.guests', { count: r.party_size }),
    date: r.date ? format.day(r.date) : t('detail.unknownDate'),
    time: r.time ? format.wallTime(r.time) : t('detail.unknownTime'),
  });
  // When the record was made, changed and canceled: how long ago, and the moment in the member's zone.
  const now = new Date();
  const moment = (iso: string | null | undefined) =>
    iso ? (
      <time dateTime={iso}>
        {t('detail.moment', { relative: relativeTime(format.locale, iso, now), absolute: format.moment(iso) })}
      </time>
    ) : (
      '—'
    );
  const fields = (rows: { key: keyof Messages['booking']['detail']['fields']; value: ReactNode; testId: string }[]) =>
    rows.map(({ key, ...row }) => ({ ...row, label: t(`detail.fields.${key}`) }));

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader
        asOf={oldestAsOf(result, venues, entities, context)}
        trail={[{ href: '/reservations', label: t('reservationsTrail') }]}
        title={
          <span className="flex flex-wrap items-center gap-3">
            <span data-testid="reservation-guest">{guestName}</span>
            <span data-testid="reservation-status">
              <StatusBadge status={r.status} />
            </span>
            <ChangeMark id={r.id} />
          </span>
        }
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <WatchButton subject="reservation" id={r.id} watching={watching} words={watchButtonWords} />
            <HistoryLink id={r.id} />
            {hasRole(staff.role, 'operator') && !isFinalStatus(r.status) && (
              <CancelButton
                id={r.id}
                context={contextKey}
                guest={{ first: r.guest?.first_name ?? '', last: r.guest?.last_name ?? '' }}
                when={when}
              />
            )}
          </div>
        }
      />

      <Presence reservationId={r.id} />
      <ReservationLive id={r.id} guestEmail={r.guest?.email} />

      {sendsAt && (
        <Notice role="status" data-testid="held-notice">
          {t('detail.held', { at: format.moment(sendsAt) })}
          <HeldRefresh due={sendsAt.toISOString()} />
        </Notice>
      )}
      {refused.map((h) => (
        <Notice key={h.refusedAt!.toISOString()} tone="warning" data-testid="held-refused">
          {t('detail.heldRefused', { time: format.momentTime(h.refusedAt), reason: h.refusal ?? '' })}
        </Notice>
      ))}

      {booked && (
        <Notice tone="success" role="status" data-testid="booked-notice">
          {t.rich(r.guest?.email ? 'detail.bookedWithEmail' : 'detail.bookedWithoutEmail', {
            email: r.guest?.email ?? '',
            language: localeLabel,
            locale: (chunks) => <span data-testid="booked-locale">{chunks}</span>,
          })}
        </Notice>
      )}

      <Card title={t('detail.cards.booking')}>
        <FieldList
          fields={fields([
            { key: 'status', value: <StatusBadge status={r.status} />, testId: 'field-status' },
            {
              key: 'date',
              value: r.date ? <time dateTime={r.date}>{format.day(r.date)}</time> : '—',
              testId: 'field-date',
            },
            {
              key: 'time',
              value: r.time ? <time dateTime={r.time}>{format.wallTime(r.time)}</time> : '—',
              testId: 'field-time',
            },
            { key: 'partySize', value: r.party_size ?? '—', testId: 'field-party-size' },
            { key: 'venue', value: <NamedId name={venueName} id={r.venue_id} />, testId: 'field-venue' },
            {
              key: 'program',
              value: r.program_id ? <NamedId name={programName} id={r.program_id} /> : t('detail.noProgram'),
              testId: 'field-program',
            },
            {
              key: 'seatingArea',
              value: <NamedId name={seatingAreaName} id={r.seating_area_id} />,
              testId: 'field-seating-area',
            },
            { key: 'locale', value: localeLabel, testId: 'field-locale' },
            { key: 'notes', value: r.notes || '—', testId: 'field-notes' },
          ])}
        />
      </Card>

      {hasRole(staff.role, 'operator') && (
        <Card title={t('detail.cards.modify')}>
          <ModifyPanel
            id={r.id}
            context={contextKey}
            status={r.status}
            defaults={{
              party_size: r.party_size ?? Number.NaN,
              date: r.date ?? '',
              time: r.time ?? '',
              locale: r.locale as LocaleCode,
              notes: r.notes ?? '',
              guest: {
                first_name: r.guest?.first_name ?? '',
                last_name: r.guest?.last_name ?? '',
                email: r.guest?.email ?? '',
                phone: r.guest?.phone ?? '',
              },
            }}
          />
        </Card>
      )}

      <Card title={t('detail.cards.guest')}>
        <FieldList
          fields={fields([
            { key: 'firstName', value: r.guest?.first_name ?? '—', testId: 'field-first-name' },
            { key: 'lastName', value: r.guest?.last_name ?? '—', testId: 'field-last-name' },
            { key: 'email', value: r.guest?.email ?? '—', testId: 'field-email' },
            { key: 'phone', value: r.guest?.phone ?? '—', testId: 'field-phone' },
          ])}
        />
      </Card>

      <Suspense fallback={<Skeleton className="h-48 w-full" />}>
        <GuestCard reservation={r} canEdit={hasRole(staff.role, 'operator')} />
      </Suspense>

      <Card title={t('detail.cards.record')}>
        <FieldList
          fields={fields([
            { key: 'reservationId', value: <NamedId id={r.id} />, testId: 'field-id' },
            { key: 'entity', value: <NamedId name={entity?.name} id={r.entity_id} />, testId: 'field-entity' },
            { key: 'created', value: moment(r.created_at), testId: 'field-created' },
            { key: 'updated', value: moment(r.updated_at), testId: 'field-updated' },
            { key: 'canceled', value: moment(r.canceled_at), testId: 'field-canceled' },
          ])}
        />
      </Card>

      <OtherFields fields={extra} testId="reservation-other-fields" />
    </div>
  );
}
