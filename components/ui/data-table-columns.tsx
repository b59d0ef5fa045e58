import { IntentLink } from './intent-link';

// Column options that DataTable's lists share, passed to a TanStack column helper's `accessor`:
// column.accessor('name', nameLinkColumn('Venue', (id) => `/venues/${id}`))

/** A list's first column: each record's name, linking to its page; it cannot be hidden. */
export const nameLinkColumn = (header: string, href: (id: string) => string) => ({
  header,
  enableHiding: false,
  cell: (info: { getValue: () => string; row: { original: { id: string } } }) => (
    <IntentLink href={href(info.row.original.id)} className="font-medium text-brand-700 hover:underline">
      {info.getValue()}
    </IntentLink>
  ),
});

/** A count, in figures of one width so that a column of them lines up. */
export const countCell = (info: { getValue: () => number }) => <span className="tabular-nums">{info.getValue()}</span>;

/** A log's first column: when, as the server worded it, over the moment it names (`at`); it cannot be hidden or sorted. */
export const momentColumn = (header: string) => ({
  header,
  enableHiding: false,
  enableSorting: false,
  cell: (info: { getValue: () => string; row: { original: { at: string } } }) => (
    <time dateTime={info.row.original.at} className="whitespace-nowrap text-slate-600">
      {info.getValue()}
    </time>
  ),
});
