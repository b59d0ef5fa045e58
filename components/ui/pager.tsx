import Link from 'next/link';

/** Previous/next links that keep the other query parameters of the page. */
export function Pager({ page, totalPages, totalItems, basePath, params = {} }: { page: number; totalPages: number; totalItems: number; basePath: string; params?: Record<string, string> }) {
  const href = (p: number) => `${basePath}?${new URLSearchParams({ ...params, page: String(p) }).toString()}`;
  const link = 'rounded-md px-3 py-1.5 text-sm font-medium ring-1 ring-inset ring-slate-300 hover:bg-slate-50';
  const off = 'rounded-md px-3 py-1.5 text-sm font-medium text-slate-400 ring-1 ring-inset ring-slate-200';
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-3 pt-4 text-sm text-slate-600">
      <span data-testid="pager-status">
        Page {Math.min(page, Math.max(totalPages, 1))} of {Math.max(totalPages, 1)} · {totalItems} in all
      </span>
      <span className="flex gap-2">
        {page > 1 ? <Link className={link} href={href(page - 1)} rel="prev">Previous</Link> : <span className={off}>Previous</span>}
        {page < totalPages ? <Link className={link} href={href(page + 1)} rel="next">Next</Link> : <span className={off}>Next</span>}
      </span>
    </nav>
  );
}
