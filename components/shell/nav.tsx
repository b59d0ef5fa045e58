'use client';

import { clsx } from 'clsx';
import { useLinkStatus } from 'next/link';
import { usePathname } from 'next/navigation';

import { Link } from '@/components/ui/link';

export interface NavItem {
  href: string;
  label: string;
}

export function NavLinks({ items, label, onNavigate }: { items: NavItem[]; label: string; onNavigate?: () => void }) {
  const pathname = usePathname();
  return (
    <nav aria-label={label} className="space-y-0.5">
      {items.map(({ href, label: text }) => {
        const active = href === '/' ? pathname === '/' : pathname === href || pathname.startsWith(`${href}/`);
        return (
          <Link
            key={href}
            href={href}
            // Prefetched down to the page's loading state only, so a click on a page that reads the
            // API shows its heading and skeleton at once (its reads start on the click); a page of
            // the dashboard's own data has none and comes whole, the pulse answering the click.
            prefetch="auto"
            onClick={onNavigate}
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

/** A pulse beside the link clicked, from the click until its page (or its loading state) is shown. */
function PendingHint() {
  const { pending } = useLinkStatus();
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
