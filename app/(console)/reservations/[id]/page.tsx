import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { z } from 'zod';
import { Card } from '@/components/ui/card';
import { OtherFields } from '@/components/ui/other-fields';
import { ErrorState } from '@/components/ui/error-state';
import { FieldList } from '@/components/ui/field-list';
import { formatUtc } from '@/components/ui/format';
import { LOCALES, type LocaleCode } from '@/lib/guestbook/locales';
import { selectedContextKey } from '@/lib/server/entity-context';
import { readApi } from '@/lib/server/read';
import { isCancelable, otherReservationFields, venueNames, viewReservation } from '@/lib/server/reservations';
import { hasRole } from '@/lib/server/roles';
import { requireStaff } from '@/lib/server/session';
import { StatusBadge } from '../results-table';
import { CancelButton } from './cancel-button';
import { ModifySection } from './modify-section';

export const metadata: Metadata = { title: 'Reservation' };

const mono = (v: string | null | undefined) => (v ? <span className="font-mono text-xs">{v}</span> : '—');

export default async function ReservationPage({ params }: { params: Promise<{ id: string }> }) {
  const staff = await requireStaff('viewer');
  const { id } = await params;
  if (!z.guid().safeParse(id).success) notFound();
  const [result, venues, context] = await Promise.all([readApi(() => viewReservation(id)), readApi(venueNames), readApi(selectedContextKey)]);
  if (!result.ok) return <ErrorState title="The reservation could not be read" message={result.error} />;
  const r = result.data;
  if (!r) notFound();
  // the context the client-side queries of this entity's reservations are kept under
  const contextKey = context.ok ? context.data : (r.entity_id ?? 'default');
  const venueName = r.venue_id && venues.ok ? venues.data[r.venue_id] : undefined;
  const localeName = (LOCALES as Record<string, string | undefined>)[r.locale];
  const extra = otherReservationFields(r);
  const guestName = r.guest ? `${r.guest.first_name} ${r.guest.last_name}` : 'Unnamed guest';

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <Link href="/reservations" className="text-sm text-brand-700 hover:underline">
          ← Reservations
        </Link>
        <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-xl font-semibold text-slate-900" data-testid="reservation-guest">
              {guestName}
            </h1>
            <span data-testid="reservation-status">
              <StatusBadge status={r.status} />
            </span>
          </div>
          {hasRole(staff.role, 'operator') && isCancelable(r.status) && (
            <CancelButton id={r.id} context={contextKey} guest={{ first: r.guest?.first_name ?? '', last: r.guest?.last_name ?? '' }} partySize={r.party_size ?? null} date={r.date ?? null} time={r.time ?? null} />
          )}
        </div>
      </div>

      <Card title="Booking">
        <FieldList
          fields={[
            { label: 'Status', value: r.status, testId: 'field-status' },
            { label: 'Date', value: r.date ?? '—', testId: 'field-date' },
            { label: 'Time', value: r.time ?? '—', testId: 'field-time' },
            { label: 'Party size', value: r.party_size ?? '—', testId: 'field-party-size' },
            { label: 'Venue', value: venueName ? <span>{venueName} {mono(r.venue_id)}</span> : mono(r.venue_id), testId: 'field-venue' },
            { label: 'Program', value: mono(r.program_id), testId: 'field-program' },
            { label: 'Seating area', value: mono(r.seating_area_id), testId: 'field-seating-area' },
            { label: 'Locale', value: localeName ? `${localeName} (${r.locale})` : r.locale, testId: 'field-locale' },
            { label: 'Notes', value: r.notes || '—', testId: 'field-notes' },
          ]}
        />
      </Card>

      {hasRole(staff.role, 'operator') && (
        <Card title="Modify">
          <ModifySection
            id={r.id}
            context={contextKey}
            status={r.status}
            defaults={{
              party_size: r.party_size ?? Number.NaN,
              date: r.date ?? '',
              time: r.time ?? '',
              locale: r.locale as LocaleCode,
              notes: r.notes ?? '',
              guest: { first_name: r.guest?.first_name ?? '', last_name: r.guest?.last_name ?? '', email: r.guest?.email ?? '', phone: r.guest?.phone ?? '' },
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
            { label: 'Reservation id', value: mono(r.id), testId: 'field-id' },
            { label: 'Entity id', value: mono(r.entity_id), testId: 'field-entity' },
            { label: 'Created', value: formatUtc(r.created_at), testId: 'field-created' },
            { label: 'Updated', value: formatUtc(r.updated_at), testId: 'field-updated' },
            { label: 'Canceled', value: formatUtc(r.canceled_at), testId: 'field-canceled' },
          ]}
        />
      </Card>

      <OtherFields fields={extra} testId="reservation-other-fields" />
    </div>
  );
}
