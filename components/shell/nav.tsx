'use client';

import { clsx } from 'clsx';
import { useLinkStatus } from 'next/link';
import { usePathname, useRouter } from 'next/navigation';

import { prefetchOnIntent } from '@/components/ui/intent-link';
import { Link } from '@/components/ui/link';

import { useReportOpening } from './page-opening';

export interface NavItem {
  href: string;
  label: string;
}

/**
 * The console's menu. `onNavigate`, where given, takes a plain click's navigation in hand (the
 * phone's menu: it closes, and opens the page with `openPage`).
 */
export function NavLinks({
  items,
  label,
  onNavigate,
}: {
  items: NavItem[];
  label: string;
  onNavigate?: (href: string) => void;
}) {
  const pathname = usePathname();
  const router = useRouter();
  return (
    <nav aria-label={label} className="space-y-0.5">
      {items.map(({ href, label: text }) => {
        const active = href === '/' ? pathname === '/' : pathname === href || pathname.startsWith(`${href}/`);
        return (
          <Link
            key={href}
            href={href}
            // The page's loading state is fetched as the pointer, a finger or the focus reaches the
            // link, so a click shows its heading and skeleton at once (its reads start on the
            // click); a page of the dashboard's own data has none and comes whole, the pulse
            // answering the click. Not every link in view on every page load: that was a dozen
            // server renders of the console's layout for each page a member opened.
            {...prefetchOnIntent(router, href)}
            onNavigate={
              onNavigate &&
              ((event) => {
                event.preventDefault();
                onNavigate(href);
              })
            }
            aria-current={active ? 'page' : undefined}
            className={clsx(
              'flex min-h-10 items-center rounded-md px-3 text-sm font-medium md:min-h-9',
              active ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100',
            )}
          >
            {text}
            <PendingHint />
          </Link>
        );
      })}
    </nav>
  );
}

/**
 * A pulse beside the link clicked, from the click until its page (or its loading state) is shown,
 * and the line at the top of the page's area (PageOpeningBar) meanwhile.
 */
function PendingHint() {
  const { pending } = useLinkStatus();
  useReportOpening(pending);
  return (
    <span
      aria-hidden="true"
      className={clsx(
        'ml-auto size-2 rounded-full bg-brand-600 transition-opacity',
        pending ? 'animate-pulse opacity-100' : 'opacity-0',
      )}
    />
  );
}
