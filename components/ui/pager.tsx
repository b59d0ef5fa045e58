import { Link } from '@/components/ui/link';

import { buttonVariants } from './button';
import { cn } from './cn';

const off = cn(buttonVariants({ variant: 'secondary', size: 'sm' }), 'pointer-events-none text-slate-500 shadow-none');

/** Previous/next links that keep the other query parameters of the page. */
export function Pager({
  page,
  totalPages,
  totalItems,
  basePath,
  params = {},
}: {
  page: number;
  totalPages: number;
  totalItems: number;
  basePath: string;
  params?: Record<string, string>;
}) {
  const href = (p: number) => `${basePath}?${new URLSearchParams({ ...params, page: String(p) }).toString()}`;
  const link = buttonVariants({ variant: 'secondary', size: 'sm' });
  return (
    <nav
      aria-label="Pagination"
      className="flex flex-wrap items-center justify-between gap-3 pt-4 text-sm text-slate-600"
    >
      <span data-testid="pager-status">
        Page {Math.min(page, Math.max(totalPages, 1))} of {Math.max(totalPages, 1)} · {totalItems} in all
      </span>
      <span className="flex gap-2">
        {page > 1 ? (
          <Link className={link} href={href(page - 1)} rel="prev">
            Previous
          </Link>
        ) : (
          <span aria-disabled="true" className={off}>
            Previous
          </span>
        )}
        {page < totalPages ? (
          <Link className={link} href={href(page + 1)} rel="next">
            Next
          </Link>
        ) : (
          <span aria-disabled="true" className={off}>
            Next
          </span>
        )}
      </span>
    </nav>
  );
}
