'use client';

import { useTranslations } from 'next-intl';

import { useCount } from '@/components/i18n/counts';
import { Link } from '@/components/ui/link';

/**
 * The search's pages: where this one is (and the page being read), first, previous, next, last
 * and "Go to page". Each is a real link (open in a new tab, copy, reload) followed in the browser.
 */
export function ResultsPager({
  page,
  totalPages,
  hrefOf,
  loadingPage,
  error,
  onPage,
}: {
  page: number;
  totalPages: number;
  hrefOf: (page: number) => string;
  /** the page being read, while the previous page's rows stay shown */
  loadingPage: number | null;
  error: string | null;
  onPage: (page: number) => void;
}) {
  const t = useTranslations('reservations.pager');
  const count = useCount();
  const shownPages = Math.max(totalPages, 1);
  return (
    <nav
      aria-label={t('label')}
      className="flex flex-wrap items-center justify-between gap-3 pt-4 text-sm text-slate-600"
    >
      <span>
        <span data-testid="pager-status">
          {t('status', { pageLabel: count(Math.min(page, shownPages)), pagesLabel: count(shownPages) })}
        </span>
        {loadingPage != null && (
          <span role="status" data-testid="results-loading" className="ml-3 text-slate-500">
            {error ? t('loadFailed', { page: loadingPage, error }) : t('loading', { page: loadingPage })}
          </span>
        )}
      </span>
      <span className="flex flex-wrap items-center gap-2">
        <PageLink href={page > 1 ? hrefOf(1) : null} page={1} onPage={onPage}>
          {t('first')}
        </PageLink>
        <PageLink
          href={page > 1 ? hrefOf(Math.min(page - 1, shownPages)) : null}
          page={Math.min(page - 1, shownPages)}
          rel="prev"
          onPage={onPage}
        >
          {t('previous')}
        </PageLink>
        <PageLink href={page < totalPages ? hrefOf(page + 1) : null} page={page + 1} rel="next" onPage={onPage}>
          {t('next')}
        </PageLink>
        <PageLink href={page < totalPages ? hrefOf(totalPages) : null} page={totalPages} onPage={onPage}>
          {t('last')}
        </PageLink>
        {totalPages > 2 && <GoToPage page={Math.min(page, shownPages)} last={totalPages} onPage={onPage} />}
      </span>
    </nav>
  );
}

/** "Go to page": a number, checked against the pages there are, then paged to in the browser. */
function GoToPage({ page, last, onPage }: { page: number; last: number; onPage: (page: number) => void }) {
  const t = useTranslations('reservations.pager');
  return (
    <form
      className="flex items-center gap-1.5"
      onSubmit={(e) => {
        e.preventDefault();
        const n = Number(new FormData(e.currentTarget).get('page'));
        if (Number.isInteger(n) && n >= 1 && n <= last) onPage(n);
      }}
    >
      <label className="flex items-center gap-1.5">
        {t('goTo')}
        <input
          key={page}
          type="number"
          name="page"
          min={1}
          max={last}
          required
          defaultValue={page}
          className="control w-16 py-1"
        />
      </label>
      <button type="submit" className={`${PAGE_LINK} ring-slate-300 hover:bg-slate-50`}>
        {t('go')}
      </button>
    </form>
  );
}

const PAGE_LINK =
  'inline-flex min-h-11 items-center rounded-md px-4 text-sm font-medium ring-1 ring-inset sm:min-h-9 sm:px-3';

/**
 * A real link (open in a new tab, copy, reload), followed in the browser without a server render;
 * without a page to go to, a disabled look that is not a link.
 */
function PageLink({
  href,
  page,
  onPage,
  rel,
  children,
}: {
  href: string | null;
  page: number;
  onPage: (page: number) => void;
  rel?: string;
  children: string;
}) {
  if (href === null)
    return (
      <span aria-disabled="true" className={`${PAGE_LINK} text-slate-500 ring-slate-200`}>
        {children}
      </span>
    );
  return (
    <Link
      className={`${PAGE_LINK} ring-slate-300 hover:bg-slate-50`}
      href={href}
      rel={rel}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
        // The browser's paging takes the click; the link does not navigate.
        e.preventDefault();
        onPage(page);
      }}
    >
      {children}
    </Link>
  );
}
