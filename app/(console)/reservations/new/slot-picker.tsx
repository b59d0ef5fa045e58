'use client';

import { useTranslations } from 'next-intl';

import { slotKey, type SlotOption } from '@/lib/booking/slot-option';

/**
 * The times to choose from, grouped by venue: buttons (Tab / Enter / Space, and a tap) that say
 * whether they are chosen (`aria-pressed`), with the seats left, the program and the seating area.
 */
export function SlotPicker({
  options,
  venueNames,
  programs,
  chosen,
  busy,
  onPick,
}: {
  options: SlotOption[];
  venueNames: Record<string, string>;
  programs: Record<string, string>;
  chosen: string | null;
  busy: boolean;
  onPick: (o: SlotOption) => void;
}) {
  const t = useTranslations('booking.slots');
  const byVenue = new Map<string, SlotOption[]>();
  for (const o of options) byVenue.set(o.venueId, [...(byVenue.get(o.venueId) ?? []), o]);
  return (
    <div className="space-y-4" data-testid="slot-picker">
      {[...byVenue].map(([venueId, slots]) => (
        <fieldset key={venueId}>
          <legend className="mb-2 text-sm font-semibold text-slate-800">{venueNames[venueId] ?? venueId}</legend>
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
            {slots.map((o) => {
              const key = slotKey(o);
              const on = chosen === key;
              return (
                <li key={key}>
                  <button
                    type="button"
                    data-testid="slot"
                    data-time={o.time}
                    data-venue={o.venueId}
                    aria-pressed={on}
                    disabled={busy}
                    onClick={() => onPick(o)}
                    className={`min-h-11 w-full rounded-md px-3 py-2 text-left text-sm ring-1 ring-inset transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-wait ${on ? 'bg-brand-600 text-white ring-brand-600' : 'bg-surface text-slate-800 ring-slate-300 hover:bg-slate-50'}`}
                  >
                    <span className="block font-semibold tabular-nums">{o.time}</span>
                    <span className={`block text-xs ${on ? 'text-white/90' : 'text-slate-500'}`}>
                      {[
                        t('seatsLeft', { count: o.seatsAvailable }),
                        o.programId ? programs[o.programId] : undefined,
                        o.seatingArea?.name,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ))}
    </div>
  );
}
