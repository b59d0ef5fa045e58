'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input, Select } from '@/components/ui/input';

/** What the search asks for; venueId or marketId is set, never both. */
export interface AvailabilityCriteria {
  venueId: string | null;
  marketId: string | null;
  date: string;
  partySize: number;
  time: string | null;
}

/** The booking flow's search: a venue or a market, the date, the party size and an optional time. */
export function AvailabilityForm({
  venues,
  markets,
  today,
  busy,
  onSearch,
}: {
  venues: { id: string; name: string }[];
  markets: { id: string; name: string }[];
  today: string;
  /** a search runs: the button waits */
  busy: boolean;
  onSearch: (criteria: AvailabilityCriteria) => void;
}) {
  const t = useTranslations('booking.search');
  const [place, setPlace] = useState(venues[0] ? `venue:${venues[0].id}` : '');
  const [date, setDate] = useState(today);
  const [partySize, setPartySize] = useState('2');
  const [time, setTime] = useState('');
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const [kind, id] = place.split(':') as ['venue' | 'market', string];
    onSearch({
      venueId: kind === 'venue' ? id : null,
      marketId: kind === 'market' ? id : null,
      date,
      partySize: Number(partySize),
      time: time || null,
    });
  };
  return (
    <Card>
      <form
        onSubmit={submit}
        className="grid grid-cols-2 gap-4 sm:grid-cols-5"
        aria-label={t('formLabel')}
        data-testid="booking-search-form"
      >
        <FormField label={t('place')} className="col-span-2">
          <Select value={place} onChange={(e) => setPlace(e.target.value)} data-testid="booking-place" required>
            <optgroup label={t('venues')}>
              {venues.map((v) => (
                <option key={v.id} value={`venue:${v.id}`}>
                  {v.name}
                </option>
              ))}
            </optgroup>
            <optgroup label={t('markets')}>
              {markets.map((m) => (
                <option key={m.id} value={`market:${m.id}`}>
                  {m.name}
                </option>
              ))}
            </optgroup>
          </Select>
        </FormField>
        <FormField label={t('date')}>
          <Input
            type="date"
            value={date}
            onChange={(e) => setDate(e.target.value)}
            data-testid="booking-date"
            required
          />
        </FormField>
        <FormField label={t('partySize')}>
          <Input
            type="number"
            min={1}
            max={50}
            inputMode="numeric"
            value={partySize}
            onChange={(e) => setPartySize(e.target.value)}
            data-testid="booking-party"
            required
          />
        </FormField>
        <FormField label={t('time')}>
          <Input
            type="time"
            step={1800}
            value={time}
            onChange={(e) => setTime(e.target.value)}
            data-testid="booking-time"
          />
        </FormField>
        <div className="col-span-2 sm:col-span-5">
          <Button type="submit" disabled={busy} data-testid="booking-search">
            {busy ? t('searching') : t('submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
