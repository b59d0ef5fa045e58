import { clsx } from 'clsx';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';

import { Card } from '@/components/ui/card';
import { Link } from '@/components/ui/link';
import type { PacingCell, PacingLevel, PacingLine, VenuePacing } from '@/lib/today/pacing';

/** Each level's cell: quiet while seats remain, amber from 80 %, rose when none are left (both themes mirror these shades). */
const LEVEL_CLASSES: Record<PacingLevel, string> = {
  open: 'bg-brand-50 text-brand-900 ring-brand-200',
  nearlyFull: 'bg-amber-100 text-amber-950 ring-amber-300',
  full: 'bg-rose-100 text-rose-950 ring-rose-300',
};

const gridHref = (venueId: string, programId: string | null, commitmentId: string) =>
  `/allocations?venue=${venueId}${programId ? `&program=${programId}` : ''}&commitment=${commitmentId}`;

/**
 * Covers pacing at one venue on the day (the venue chosen, else the busiest): for each of the entity's commitments that run then, the
 * covers arriving in each quarter hour and how full the commitment is once they have come, against
 * the seats allocated to the entity; a link to the commitment on the grid, where seats are moved.
 * Wide screens: a heatmap of quarter hours; phones: a list by time of the quarters with arrivals.
 */
export function PacingCard({
  venues,
  shown,
  venueHref,
  programName,
  wallTime,
  watch,
}: {
  /** the shown venue's watch toggle */
  watch?: ReactNode;
  /** the venues with pacing that day, to choose from */
  venues: { id: string; name: string }[];
  /** the venue shown */
  shown: { id: string; name: string; pacing: VenuePacing } | null;
  venueHref: (id: string) => string;
  programName: (id: string | null) => string;
  wallTime: (time: string) => string;
}) {
  const t = useTranslations('today.pacing');
  return (
    <Card title={t('title')} data-testid="pacing" className="print:hidden" offScreen={{ height: '30rem' }}>
      {!shown ? (
        <p className="text-sm text-slate-500">{t('none')}</p>
      ) : (
        <div className="space-y-4">
          {venues.length > 1 && (
            <nav aria-label={t('venues')} className="flex flex-wrap gap-2">
              {venues.map((v) => (
                <Link
                  key={v.id}
                  href={venueHref(v.id)}
                  scroll={false}
                  aria-current={v.id === shown.id ? 'true' : undefined}
                  className={clsx(
                    'inline-flex min-h-8 items-center rounded-md px-2.5 text-sm',
                    v.id === shown.id
                      ? 'bg-brand-600 font-medium text-white'
                      : 'text-slate-700 ring-1 ring-slate-300 ring-inset hover:bg-slate-50',
                  )}
                  data-testid={`pacing-venue-${v.id}`}
                >
                  {v.name}
                </Link>
              ))}
            </nav>
          )}
          <section aria-labelledby="pacing-venue" data-testid={`pacing-${shown.id}`} className="space-y-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 id="pacing-venue" className="text-sm font-semibold text-slate-800">
                {shown.name}
              </h3>
              {watch}
            </div>
            <ul className="space-y-4">
              {shown.pacing.lines.map((line) => (
                <PacingLineView
                  key={line.commitmentId}
                  venueId={shown.id}
                  line={line}
                  programName={programName}
                  wallTime={wallTime}
                />
              ))}
            </ul>
            {shown.pacing.unpaced > 0 && (
              <p className="text-xs text-slate-500">{t('unpaced', { covers: shown.pacing.unpaced })}</p>
            )}
          </section>
        </div>
      )}
    </Card>
  );
}

function PacingLineView({
  venueId,
  line,
  programName,
  wallTime,
}: {
  venueId: string;
  line: PacingLine;
  programName: (id: string | null) => string;
  wallTime: (time: string) => string;
}) {
  const t = useTranslations('today.pacing');
  const href = gridHref(venueId, line.programId, line.commitmentId);
  return (
    <li data-testid={`pacing-line-${line.commitmentId}`} className="space-y-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
        <span className="text-slate-800">
          {t('line', { program: programName(line.programId), start: wallTime(line.start), end: wallTime(line.end) })}
          {line.level !== 'open' && (
            <span
              className={clsx(
                'ml-2 rounded px-1.5 py-0.5 text-xs font-medium ring-1 ring-inset',
                LEVEL_CLASSES[line.level],
              )}
            >
              {t(line.level)}
            </span>
          )}
        </span>
        <span className="text-slate-600 tabular-nums" data-testid="pacing-seats">
          {t('seats', { booked: line.booked, seats: line.seats, remaining: line.remaining })}
        </span>
      </div>
      <ol
        className="hidden grid-cols-[repeat(auto-fill,minmax(3rem,1fr))] gap-1 sm:grid"
        aria-label={t('quartersLabel', { program: programName(line.programId) })}
      >
        {line.cells.map((cell) => (
          <li key={cell.quarter}>
            <a
              href={href}
              className={clsx(
                'no-underline flex flex-col items-center rounded px-1 py-1 text-xs ring-1 ring-inset hover:ring-2 focus-visible:ring-2',
                cell.covers === 0 && cell.level === 'open'
                  ? 'bg-slate-50 text-slate-500 ring-slate-200'
                  : LEVEL_CLASSES[cell.level],
              )}
              data-testid={`pacing-cell-${cell.quarter}`}
              data-level={cell.level}
              title={cellText(t, cell, line.seats, wallTime)}
            >
              <span className="sr-only">{cellText(t, cell, line.seats, wallTime)}</span>
              <span aria-hidden="true" className="tabular-nums">
                {wallTime(cell.quarter)}
              </span>
              <span aria-hidden="true" className="text-sm font-semibold tabular-nums" data-testid="pacing-covers">
                {cell.covers}
              </span>
            </a>
          </li>
        ))}
      </ol>
      <ul className="divide-y divide-slate-100 text-sm sm:hidden">
        {line.cells
          .filter((cell) => cell.covers > 0)
          .map((cell) => (
            <li key={cell.quarter} className="flex items-baseline justify-between gap-3 py-1.5">
              <span className="tabular-nums">
                <span className="font-medium text-slate-900">{wallTime(cell.quarter)}</span>{' '}
                {t('arriving', { covers: cell.covers })}
              </span>
              <span
                className={clsx(
                  'rounded px-1.5 py-0.5 text-xs tabular-nums ring-1 ring-inset',
                  LEVEL_CLASSES[cell.level],
                )}
              >
                {t('used', { used: cell.used, seats: line.seats })}
              </span>
            </li>
          ))}
      </ul>
      <Link
        href={href}
        className="inline-flex min-h-6 items-center text-sm text-brand-700 hover:underline"
        data-testid="pacing-grid-link"
      >
        {t('openOnGrid')}
      </Link>
    </li>
  );
}

function cellText(
  t: ReturnType<typeof useTranslations<'today.pacing'>>,
  cell: PacingCell,
  seats: number,
  wallTime: (time: string) => string,
): string {
  return t('cell', { time: wallTime(cell.quarter), covers: cell.covers, used: cell.used, seats });
}
