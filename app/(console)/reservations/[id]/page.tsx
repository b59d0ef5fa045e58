import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { z } from 'zod';

import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { FieldList } from '@/components/ui/field-list';
import { NamedId } from '@/components/ui/named-id';
import { Notice } from '@/components/ui/notice';
import { OtherFields } from '@/components/ui/other-fields';
import { PageHeader } from '@/components/ui/page-header';
import { hasRole } from '@/lib/auth/roles';
import { LOCALES, type LocaleCode } from '@/lib/guestbook/locales';
import { isFinalStatus } from '@/lib/guestbook/reservation-statuses';
import { oldestAsOf, readApi } from '@/lib/server/api';
import { requireStaff } from '@/lib/server/auth';
import { knownPrograms, listEntities, selectedContextKey } from '@/lib/server/directory';
import { getFormatter } from '@/lib/server/http';
import { otherReservationFields, venueNames, viewReservation } from '@/lib/server/reservations';

import { StatusBadge } from '../status-badge';
import { CancelButton } from './cancel-button';
import { ModifyPanel } from './modify-panel';

export const metadata: Metadata = { title: 'Reservation' };

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
  const [result, venues, entities, format, context] = await Promise.all([
    readApi(() => viewReservation(id)),
    readApi(venueNames),
    readApi(listEntities),
    getFormatter(),
    readApi(selectedContextKey),
  ]);
  if (!result.ok) return <ErrorState title="The reservation could not be read" message={result.error} />;
  const r = result.data;
  if (!r) notFound();
  // the context the client-side queries of this entity's reservations are kept under
  const contextKey = context.ok ? context.data : (r.entity_id ?? 'default');
  const venueName = r.venue_id && venues.ok ? venues.data[r.venue_id] : undefined;
  const entity = entities.ok ? entities.data.find((e) => e.id === r.entity_id) : undefined;
  const programName =
    r.program_id && entities.ok ? knownPrograms(entities.data).find((p) => p.id === r.program_id)?.name : undefined;
  const localeName = (LOCALES as Record<string, string | undefined>)[r.locale];
  const extra = otherReservationFields(r);
  const guestName = r.guest ? `${r.guest.first_name} ${r.guest.last_name}` : 'Unnamed guest';

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader
        asOf={oldestAsOf(result, venues, entities, context)}
        trail={[{ href: '/reservations', label: 'Reservations' }]}
        title={
          <span className="flex flex-wrap items-center gap-3">
            <span data-testid="reservation-guest">{guestName}</span>
            <span data-testid="reservation-status">
              <StatusBadge status={r.status} />
            </span>
          </span>
        }
        actions={
          hasRole(staff.role, 'operator') &&
          !isFinalStatus(r.status) && (
            <CancelButton
              id={r.id}
              context={contextKey}
              guest={{ first: r.guest?.first_name ?? '', last: r.guest?.last_name ?? '' }}
              when={`${r.party_size == null ? 'an unknown number of guests' : format.count(r.party_size, 'guest')} on ${r.date ? format.day(r.date) : 'an unknown date'} at ${r.time ? format.wallTime(r.time) : 'an unknown time'}`}
            />
          )
        }
      />

      {booked && (
        <Notice tone="success" role="status" data-testid="booked-notice">
          Reservation made.{' '}
          {r.guest?.email ? (
            <>A confirmation e-mail was sent to {r.guest.email}</>
          ) : (
            'The guest was sent a confirmation e-mail'
          )}{' '}
          in <span data-testid="booked-locale">{localeName ? `${localeName} (${r.locale})` : r.locale}</span>.
        </Notice>
      )}

      <Card title="Booking">
        <FieldList
          fields={[
            { label: 'Status', value: r.status, testId: 'field-status' },
            {
              label: 'Date',
              value: r.date ? <time dateTime={r.date}>{format.day(r.date)}</time> : '—',
              testId: 'field-date',
            },
            {
              label: 'Time (at the venue)',
              value: r.time ? <time dateTime={r.time}>{format.wallTime(r.time)}</time> : '—',
              testId: 'field-time',
            },
            { label: 'Party size', value: r.party_size ?? '—', testId: 'field-party-size' },
            { label: 'Venue', value: <NamedId name={venueName} id={r.venue_id} />, testId: 'field-venue' },
            {
              label: 'Program',
              value: r.program_id ? <NamedId name={programName} id={r.program_id} /> : 'Not booked against a program',
              testId: 'field-program',
            },
            { label: 'Seating area', value: <NamedId id={r.seating_area_id} />, testId: 'field-seating-area' },
            { label: 'Locale', value: localeName ? `${localeName} (${r.locale})` : r.locale, testId: 'field-locale' },
            { label: 'Notes', value: r.notes || '—', testId: 'field-notes' },
          ]}
        />
      </Card>

      {hasRole(staff.role, 'operator') && (
        <Card title="Modify">
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

      <Card title="Guest">
        <FieldList
          fields={[
            { label: 'First name', value: r.guest?.first_name ?? '—', testId: 'field-first-name' },
            { label: 'Last name', value: r.guest?.last_name ?? '—', testId: 'field-last-name' },
            { label: 'E-mail', value: r.guest?.email ?? '—', testId: 'field-email' },
            { label: 'Phone', value: r.guest?.phone ?? '—', testId: 'field-phone' },
          ]}
        />
      </Card>

      <Card title="Record">
        <FieldList
          fields={[
            { label: 'Reservation id', value: <NamedId id={r.id} />, testId: 'field-id' },
            { label: 'Entity', value: <NamedId name={entity?.name} id={r.entity_id} />, testId: 'field-entity' },
            { label: 'Created', value: format.dateTime(r.created_at, 'UTC'), testId: 'field-created' },
            { label: 'Updated', value: format.dateTime(r.updated_at, 'UTC'), testId: 'field-updated' },
            { label: 'Canceled', value: format.dateTime(r.canceled_at, 'UTC'), testId: 'field-canceled' },
          ]}
        />
      </Card>

      <OtherFields fields={extra} testId="reservation-other-fields" />
    </div>
  );
}
