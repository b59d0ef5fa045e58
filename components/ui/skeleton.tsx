import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';

import { Card, cardClass } from './card';
import { cn } from './cn';

/** A grey block where content will appear; hidden from assistive technology (the region says it is busy). */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cn('block animate-pulse rounded-md bg-slate-200', className)} />;
}

const PAGE_WIDTH = {
  sm: 'w-full max-w-sm space-y-6',
  xl: 'mx-auto max-w-xl space-y-6',
  '3xl': 'mx-auto max-w-3xl space-y-6',
  '4xl': 'mx-auto max-w-4xl space-y-6',
  '5xl': 'mx-auto max-w-5xl space-y-6',
  '6xl': 'mx-auto max-w-6xl space-y-6',
  full: 'space-y-5',
} as const;

/**
 * A page while it loads: the same column as the page (its width and spacing), busy for assistive
 * technology, which reads "Loading <label>…" while the blocks below stand in for the content.
 */
export function PageSkeleton({
  label,
  width = '6xl',
  children,
}: {
  /** what loads, in words: "reservations", "the entity" */
  label: string;
  width?: keyof typeof PAGE_WIDTH;
  children: ReactNode;
}) {
  const t = useTranslations('ui');
  return (
    <div aria-busy="true" data-testid="page-skeleton" className={PAGE_WIDTH[width]}>
      <p className="sr-only" role="status">
        {t('loading', { label })}
      </p>
      {children}
    </div>
  );
}

/** A part of a page that loads after its heading: busy, named for assistive technology. */
export function SectionSkeleton({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  const t = useTranslations('ui');
  return (
    <div aria-busy="true" data-testid={testId} className="space-y-4">
      <p className="sr-only">{t('loading', { label })}</p>
      {children}
    </div>
  );
}

/**
 * A heading whose text is not known yet (a record's name): the heading's line stays its height,
 * and a screen reader hears what it names.
 */
export function SkeletonTitle({ label }: { label: string }) {
  return (
    <>
      <span className="sr-only">{label}</span>
      <span
        aria-hidden="true"
        className="inline-block h-5 w-56 max-w-full animate-pulse rounded-md bg-slate-200 align-middle"
      />
    </>
  );
}

/** A line of text of body size (text-sm): its line height, a bar in the middle. */
export function SkeletonLine({ width = 'md' }: { width?: keyof typeof LINE_WIDTH }) {
  return (
    <span aria-hidden="true" className="flex h-5 min-w-0 items-center">
      <span className={cn('block h-3.5 max-w-full animate-pulse rounded bg-slate-200', LINE_WIDTH[width])} />
    </span>
  );
}

const LINE_WIDTH = { xs: 'w-10', sm: 'w-16', md: 'w-28', lg: 'w-44', xl: 'w-72', full: 'w-full' } as const;
type LineWidth = keyof typeof LINE_WIDTH;
/** Cell widths by column, so rows do not look like one bar. */
const COLUMN_WIDTHS: LineWidth[] = ['lg', 'md', 'sm', 'md', 'xs', 'md', 'sm', 'sm'];

/** Lines of a list (divided rows of one text line each), as a card's list or a paragraph loads. */
export function SkeletonLines({ count = 4, divided = true }: { count?: number; divided?: boolean }) {
  return (
    <div aria-hidden="true" className={divided ? 'divide-y divide-slate-100' : 'space-y-2'}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={divided ? 'flex justify-between gap-4 py-2' : undefined}>
          <SkeletonLine width={i % 3 === 2 ? 'lg' : 'xl'} />
          {divided && <SkeletonLine width="sm" />}
        </div>
      ))}
    </div>
  );
}

/** Rows of a record and its detail (a name over a smaller line) beside a wide bar, as the allocation grid's. */
export function SkeletonRecordRows({ count = 6 }: { count?: number }) {
  return (
    <div aria-hidden="true" className="divide-y divide-slate-100">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="flex items-center gap-6 py-3">
          <div className="w-40 shrink-0 space-y-1 sm:w-56">
            <SkeletonLine width="lg" />
            <Skeleton className="h-3 w-32" />
          </div>
          <Skeleton className="h-5 min-w-0 flex-1" />
        </div>
      ))}
    </div>
  );
}

/**
 * A paragraph of `lines` lines, and `phoneLines` below the `sm` breakpoint, where the same text
 * wraps onto more lines.
 */
export function SkeletonParagraph({ lines = 1, phoneLines = lines }: { lines?: number; phoneLines?: number }) {
  return (
    <div aria-hidden="true">
      {Array.from({ length: Math.max(lines, phoneLines) }, (_, i) => (
        <div key={i} className={i >= lines ? 'sm:hidden' : undefined}>
          <SkeletonLine width={i === Math.max(lines, phoneLines) - 1 ? 'lg' : 'full'} />
        </div>
      ))}
    </div>
  );
}

/**
 * A DataTable while its rows load: the same toolbar, header (the real column names) and row
 * height, so the rows take the skeleton's place without moving what is around them. Hidden from
 * assistive technology, which hears the section's "Loading …" instead of a table of empty rows.
 */
export function SkeletonTable({
  columns,
  rows = 8,
  toolbar = false,
  pager = false,
}: {
  columns: string[];
  rows?: number;
  /** the table has a toolbar row (its count, the Columns menu) */
  toolbar?: boolean;
  /** a Pager follows the table */
  pager?: boolean;
}) {
  return (
    <div className="space-y-3">
      {toolbar && (
        <div aria-hidden="true" className="flex flex-wrap items-center justify-between gap-3">
          <SkeletonLine width="lg" />
          <Skeleton className="h-8 w-20" />
        </div>
      )}
      <div aria-hidden="true" className="-mx-4 overflow-hidden sm:mx-0">
        <table className="w-full text-left text-sm">
          <thead className="text-xs tracking-wide text-slate-500 uppercase">
            <tr>
              {columns.map((name) => (
                <th key={name} scope="col" className="py-2 pr-4 font-medium whitespace-nowrap first:pl-4 sm:first:pl-0">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {Array.from({ length: rows }, (_, row) => (
              <tr key={row}>
                {columns.map((name, i) => (
                  <td key={name} className="py-2.5 pr-4 align-top first:pl-4 sm:first:pl-0">
                    <SkeletonLine width={COLUMN_WIDTHS[i % COLUMN_WIDTHS.length]} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pager && <SkeletonPager />}
    </div>
  );
}

/** The Pager's place: its status line and its two small buttons. */
export function SkeletonPager() {
  return (
    <div aria-hidden="true" className="flex flex-wrap items-center justify-between gap-3 pt-4">
      <SkeletonLine width="lg" />
      <span className="flex gap-2">
        <Skeleton className="h-8 w-20" />
        <Skeleton className="h-8 w-14" />
      </span>
    </div>
  );
}

/** A FieldList while its values load: the labels are known, the values are bars. */
export function SkeletonFields({ labels }: { labels: string[] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-8 gap-y-4 sm:grid-cols-2">
      {labels.map((label, i) => (
        <div key={label}>
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
          <dd className="mt-1">
            <SkeletonLine width={i % 2 ? 'md' : 'lg'} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A Card while its content loads: the card's title when known, and lines or the blocks given. */
export function SkeletonCard({
  title,
  note,
  lines = 3,
  children,
}: {
  title?: string;
  /** a line of what is happening, for a wait that can be long ("Reading each entity's commitments…") */
  note?: string;
  lines?: number;
  children?: ReactNode;
}) {
  return (
    <Card title={title}>
      {note && <p className="pb-2 text-xs font-medium text-slate-600">{note}</p>}
      {children ?? <SkeletonLines count={lines} />}
    </Card>
  );
}

/** Figure cards (a label, a large number, a hint), as the overview's "Today" shows them. */
export function SkeletonFigures({ labels }: { labels: string[] }) {
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {labels.map((label) => (
        <div key={label} className={cn(cardClass, 'px-4 py-3')}>
          <div className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</div>
          <Skeleton className="mt-2 h-6 w-12" />
          <Skeleton className="mt-2.5 h-3 w-24" />
        </div>
      ))}
    </div>
  );
}

/** A chart's area (the overview's covers per day) and the line that opens its table. */
export function SkeletonChart() {
  return (
    <div aria-hidden="true" className="space-y-3">
      <Skeleton className="h-44 w-full" />
      <SkeletonLine width="xl" />
    </div>
  );
}

/** A control's place (a button, a select, a field) of the given size. */
export function SkeletonControl({ size = 'md' }: { size?: keyof typeof CONTROL_SIZE }) {
  return <Skeleton className={CONTROL_SIZE[size]} />;
}

const CONTROL_SIZE = {
  tab: 'h-7 w-28',
  sm: 'h-8 w-20',
  md: 'h-9 w-32',
  field: 'h-9 w-full',
  row: 'h-13 w-full',
  bar: 'h-12 w-full rounded-lg',
  /** a filter bar that wraps onto several rows on a phone */
  toolbar: 'h-44 w-full rounded-lg lg:h-23',
  area: 'h-24 w-full',
} as const;

/**
 * A form while it loads: each field's label (as FormField sets it) over a control's place, in one
 * column or, from the sm breakpoint, two (as the form lays them out), then its button.
 */
export function SkeletonForm({
  fields,
  submit = true,
  columns = 1,
}: {
  fields: string[];
  submit?: boolean;
  columns?: 1 | 2;
}) {
  return (
    <div className="space-y-4">
      <div className={columns === 2 ? 'grid grid-cols-1 gap-4 sm:grid-cols-2' : 'space-y-4'}>
        {fields.map((label) => (
          <div key={label} className="space-y-1">
            <div className="text-sm font-medium text-slate-700">{label}</div>
            <SkeletonControl size="field" />
          </div>
        ))}
      </div>
      {submit && <SkeletonControl size="md" />}
    </div>
  );
}
