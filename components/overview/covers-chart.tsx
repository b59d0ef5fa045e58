import { useLocale, useTranslations } from 'next-intl';

import { Link } from '@/components/ui/link';

import { FiguresHead } from './figures-head';

export interface DayCovers {
  date: string;
  covers: number;
  reservations: number;
  /** the search that lists the day's reservations (none for the whole partner: a search runs in one entity's context) */
  href?: string;
}

/** A day's short weekday name ("Mon") in the console's language. */
const weekdayIn = (locale: string) => {
  const names = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  return (date: string) => names.format(new Date(`${date}T00:00:00Z`));
};
const dayOfMonth = (date: string) => String(Number(date.slice(8, 10)));

/**
 * Covers per day as server-rendered SVG bars: no chart library, no JavaScript in the browser.
 * The same numbers follow as a table, each day linked to its search, for screen readers and for
 * anyone who prefers to read them.
 */
export function CoversChart({
  days,
  count,
}: {
  days: DayCovers[];
  /** a number as the member reads it, the page's own (the server's Formatter.number) */
  count: (n: number) => string;
}) {
  const t = useTranslations('overview.covers');
  const weekday = weekdayIn(useLocale());
  const max = Math.max(1, ...days.map((d) => d.covers));
  const barWidth = 28;
  const gap = 8;
  const height = 120;
  const top = 14;
  const width = days.length * (barWidth + gap) - gap;
  const total = days.reduce((n, d) => n + d.covers, 0);
  return (
    <figure className="space-y-3">
      {/* Scrolls sideways on a phone; focusable so a keyboard can scroll it too. */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t('chartRegion')}>
        <svg
          viewBox={`0 -${top} ${width} ${height + 34 + top}`}
          className="h-44 w-full min-w-[28rem]"
          role="img"
          aria-label={t('chartLabel', { days: days.length, total, max: max === 1 && total === 0 ? 0 : max })}
        >
          {days.map((d, i) => {
            const h = Math.round((d.covers / max) * height);
            const x = i * (barWidth + gap);
            return (
              <g key={d.date}>
                <title>{t('barTitle', { date: d.date, covers: d.covers, reservations: d.reservations })}</title>
                <rect
                  x={x}
                  y={height - h}
                  width={barWidth}
                  height={Math.max(h, 1)}
                  rx={3}
                  className={i === 0 ? 'fill-brand-600' : 'fill-brand-500'}
                />
                <text
                  x={x + barWidth / 2}
                  y={height - h - 4}
                  textAnchor="middle"
                  className="fill-slate-600 text-[10px] tabular-nums"
                >
                  {d.covers ? count(d.covers) : ''}
                </text>
                <text x={x + barWidth / 2} y={height + 14} textAnchor="middle" className="fill-slate-500 text-[10px]">
                  {weekday(d.date)}
                </text>
                <text
                  x={x + barWidth / 2}
                  y={height + 27}
                  textAnchor="middle"
                  className="fill-slate-400 text-[10px] tabular-nums"
                >
                  {dayOfMonth(d.date)}
                </text>
              </g>
            );
          })}
        </svg>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-slate-600 hover:text-slate-900">{t('asTable')}</summary>
        <table className="mt-2 w-full text-left text-sm" data-testid="covers-table">
          <caption className="sr-only">{t('tableCaption')}</caption>
          <FiguresHead columns={[t('day'), t('covers'), t('reservations')]} />
          <tbody className="divide-y divide-slate-100">
            {days.map((d) => (
              <tr key={d.date}>
                <th scope="row" className="py-1 font-normal">
                  {d.href ? (
                    <Link href={d.href} className="text-brand-700 hover:underline">
                      {t('dayLabel', { weekday: weekday(d.date), date: d.date })}
                    </Link>
                  ) : (
                    t('dayLabel', { weekday: weekday(d.date), date: d.date })
                  )}
                </th>
                <td className="py-1 text-right tabular-nums">{count(d.covers)}</td>
                <td className="py-1 text-right tabular-nums">{count(d.reservations)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
