'use client';

import { useTranslations } from 'next-intl';
import { Suspense, use } from 'react';

import { Button } from '@/components/ui/button';
import { addDays } from '@/lib/format/days';
import type { Condition } from '@/lib/guestbook/filters';

type Preset = (conditions: Condition[], sort: string) => void;

/** The venues' date, as the API writes it and as staff read it (formatted on the server). */
export interface VenueDay {
  date: string;
  label: string;
}

/**
 * The presets' conditions for `today`, the venues' date, and their order: what is ahead soonest
 * first, what is past newest first.
 */
const PRESETS: {
  id: 'today' | 'upcomingConfirmed' | 'recentNoShows' | 'past';
  conditions: (today: string) => Condition[];
  sort: 'date' | '-date';
}[] = [
  { id: 'today', conditions: (today) => [{ attribute: 'date', modifier: 'eq', value: today }], sort: 'date' },
  {
    id: 'upcomingConfirmed',
    conditions: (today) => [
      { attribute: 'status', modifier: 'eq', value: 'confirmed' },
      { attribute: 'date', modifier: 'gte', value: today },
    ],
    sort: 'date',
  },
  {
    id: 'recentNoShows',
    conditions: (today) => [
      { attribute: 'status', modifier: 'eq', value: 'no_show' },
      { attribute: 'date', modifier: 'gte', value: addDays(today, -7) },
      { attribute: 'date', modifier: 'lte', value: today },
    ],
    sort: '-date',
  },
  // The API has no `lt`: before today is up to yesterday.
  {
    id: 'past',
    conditions: (today) => [{ attribute: 'date', modifier: 'lte', value: addDays(today, -1) }],
    sort: '-date',
  },
];

function Buttons({ today, onPreset }: { today: VenueDay | null; onPreset: Preset }) {
  const t = useTranslations('reservations.filters');
  return (
    <>
      {PRESETS.map((p) => (
        <Button
          key={p.id}
          variant="secondary"
          disabled={today === null}
          onClick={() => today && onPreset(p.conditions(today.date), p.sort)}
        >
          {t(`preset.${p.id}`)}
        </Button>
      ))}
      <span className="text-xs text-slate-500" data-testid="presets-today">
        {today
          ? t.rich('todayIs', { date: today.label, day: (chunks) => <time dateTime={today.date}>{chunks}</time> })
          : t('readingToday')}
      </span>
    </>
  );
}

function Resolved({ today, onPreset }: { today: Promise<VenueDay>; onPreset: Preset }) {
  return <Buttons today={use(today)} onPreset={onPreset} />;
}

/**
 * The search's presets. "Today" is the venues' date (the local date of most of them, as the
 * overview's), read on the server, never the browser's: a member in another time zone searches the
 * venues' day. The buttons wait for it, the rest of the builder does not.
 */
export function FilterPresets({ today, onPreset }: { today: Promise<VenueDay>; onPreset: Preset }) {
  return (
    <Suspense fallback={<Buttons today={null} onPreset={onPreset} />}>
      <Resolved today={today} onPreset={onPreset} />
    </Suspense>
  );
}
