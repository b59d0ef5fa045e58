'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { cn } from '@/components/ui/cn';

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
            // Console pages are dynamic and read the API: a prefetch would spend the request budget
            // on pages nobody opened.
            prefetch={false}
            onClick={onNavigate}
            aria-current={active ? 'page' : undefined}
            className={cn('flex min-h-10 items-center rounded-md px-3 text-sm font-medium md:min-h-9', active ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100')}
          >
            {text}
          </Link>
        );
      })}
    </nav>
  );
}
