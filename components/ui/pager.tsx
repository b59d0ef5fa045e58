import { useTranslations } from 'next-intl';

import { Link } from '@/components/ui/link';

import { buttonVariants } from './button';
import { cn } from './cn';

const off = cn(buttonVariants({ variant: 'secondary', size: 'sm' }), 'pointer-events-none text-slate-500 shadow-none');

/**
 * A list's pages: where this one is, first, previous, next and last, and "Go to page" (a form
 * that works before the page's JavaScript has run), all keeping the page's other query parameters.
 */
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
  const t = useTranslations('ui.pager');
  const last = Math.max(totalPages, 1);
  const href = (p: number) => `${basePath}?${new URLSearchParams({ ...params, page: String(p) }).toString()}`;
  const link = buttonVariants({ variant: 'secondary', size: 'sm' });
  const to = (p: number, label: string, rel?: string) =>
    p >= 1 && p <= last && p !== page ? (
      <Link className={link} href={href(p)} rel={rel}>
        {label}
      </Link>
    ) : (
      <span aria-disabled="true" className={off}>
        {label}
      </span>
    );
  return (
    <nav
      aria-label={t('label')}
      className="flex flex-wrap items-center justify-between gap-3 pt-4 text-sm text-slate-600"
    >
      <span data-testid="pager-status">{t('status', { page: Math.min(page, last), last, total: totalItems })}</span>
      <span className="flex flex-wrap items-center gap-2">
        {to(1, t('first'))}
        {to(page - 1, t('previous'), 'prev')}
        {to(page + 1, t('next'), 'next')}
        {to(last, t('last'))}
        {last > 2 && (
          <form method="get" action={basePath} className="flex items-center gap-1.5">
            {Object.entries(params).map(([k, v]) => (
              <input key={k} type="hidden" name={k} value={v} />
            ))}
            <label className="flex items-center gap-1.5">
              {t('goTo')}
              <input
                type="number"
                name="page"
                min={1}
                max={last}
                required
                className="control w-16 py-1"
                defaultValue={Math.min(page, last)}
              />
            </label>
            <button type="submit" className={link}>
              {t('go')}
            </button>
          </form>
        )}
      </span>
    </nav>
  );
}
