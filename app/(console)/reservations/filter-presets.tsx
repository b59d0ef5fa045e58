'use client';

import { Suspense, use } from 'react';

import { Button } from '@/components/ui/button';
import type { Condition } from '@/lib/guestbook/filters';

import { addDays } from './filter-rows';

type Preset = (conditions: Condition[]) => void;

/** The presets' conditions for `today`, the venues' date. */
const PRESETS: { label: string; conditions: (today: string) => Condition[] }[] = [
  { label: 'Today', conditions: (today) => [{ attribute: 'date', modifier: 'eq', value: today }] },
  {
    label: 'Upcoming confirmed',
    conditions: (today) => [
      { attribute: 'status', modifier: 'eq', value: 'confirmed' },
      { attribute: 'date', modifier: 'gte', value: today },
    ],
  },
  {
    label: 'No-shows last 7 days',
    conditions: (today) => [
      { attribute: 'status', modifier: 'eq', value: 'no_show' },
      { attribute: 'date', modifier: 'gte', value: addDays(today, -7) },
      { attribute: 'date', modifier: 'lte', value: today },
    ],
  },
];

function Buttons({ today, onPreset }: { today: string | null; onPreset: Preset }) {
  return (
    <>
      {PRESETS.map((p) => (
        <Button
          key={p.label}
          variant="secondary"
          disabled={today === null}
          onClick={() => today && onPreset(p.conditions(today))}
        >
          {p.label}
        </Button>
      ))}
      <span className="text-xs text-slate-500" data-testid="presets-today">
        {today ? (
          <>
            Today is <span className="tabular-nums">{today}</span> at the venues
          </>
        ) : (
          'Reading the venues’ date…'
        )}
      </span>
    </>
  );
}

function Resolved({ today, onPreset }: { today: Promise<string>; onPreset: Preset }) {
  return <Buttons today={use(today)} onPreset={onPreset} />;
}

/**
 * The search's presets. "Today" is the venues' date (the local date of most of them, as the
 * overview's), read on the server, never the browser's: a member in another time zone searches the
 * venues' day. The buttons wait for it, the rest of the builder does not.
 */
export function FilterPresets({ today, onPreset }: { today: Promise<string>; onPreset: Preset }) {
  return (
    <Suspense fallback={<Buttons today={null} onPreset={onPreset} />}>
      <Resolved today={today} onPreset={onPreset} />
    </Suspense>
  );
}
