import Link from 'next/link';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import type { SearchAction } from '@/lib/search/hit';
import { EntitySwitcher, type EntityOption } from './entity-switcher';
import { GlobalSearch } from './global-search';
import { NavLink } from './nav-link';
import { RequestBudget } from './request-budget';
import { SignOutButton } from './sign-out-button';

const NAV: { href: string; label: string; adminOnly?: boolean }[] = [
  { href: '/', label: 'Overview' },
  { href: '/identity', label: 'Identity' },
  { href: '/delegates', label: 'Delegates' },
  { href: '/entities', label: 'Entities' },
  { href: '/allocations', label: 'Allocations' },
  { href: '/reservations', label: 'Reservations' },
  { href: '/venues', label: 'Venues' },
  { href: '/markets', label: 'Markets' },
  { href: '/activity', label: 'Activity' },
  { href: '/team', label: 'Team', adminOnly: true },
];

const ROLE_LABEL = { viewer: 'Viewer', operator: 'Operator', admin: 'Admin' } as const;

export function Shell({
  staff,
  environment,
  partnerName,
  suspended,
  entities,
  selectedEntityId,
  rateLimit,
  search,
  children,
}: {
  staff: { name: string; email: string; role: keyof typeof ROLE_LABEL };
  environment: 'sandbox' | 'production';
  partnerName: string | null;
  suspended: { source: string | null; at: string | null } | null;
  entities: EntityOption[];
  selectedEntityId: string | null;
  rateLimit: { limit: number; remaining: number; resetAt: string } | null;
  /** the command menu's search (a server action) */
  search: SearchAction;
  children: ReactNode;
}) {
  const pages = NAV.filter((item) => !item.adminOnly || staff.role === 'admin');
  return (
    <div className="flex min-h-screen">
      <aside className="hidden w-56 shrink-0 flex-col border-r border-slate-200 bg-white md:flex">
        <div className="flex h-14 items-center gap-2 border-b border-slate-100 px-4">
          <span className="flex h-7 w-7 items-center justify-center rounded-lg bg-brand-600 text-sm font-semibold text-white">G</span>
          <span className="text-sm font-semibold text-slate-800">Guest Book</span>
        </div>
        <nav aria-label="Main" className="flex-1 space-y-0.5 p-2">
          {pages.map((item) => (
            <NavLink key={item.href} href={item.href} label={item.label} />
          ))}
        </nav>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-14 items-center justify-between gap-4 border-b border-slate-200 bg-white px-6">
          <div className="flex min-w-0 items-center gap-3">
            <span className="truncate text-sm font-semibold text-slate-800" data-testid="shell-partner-name">
              {partnerName ?? 'Partner unavailable'}
            </span>
            {environment === 'sandbox' ? (
              <Badge tone="amber" title="Connected to the Guest Book sandbox">Sandbox</Badge>
            ) : (
              <Badge tone="red" title="Connected to the production API">Production</Badge>
            )}
          </div>
          <div className="flex shrink-0 items-center gap-4 whitespace-nowrap">
            <GlobalSearch search={search} pages={pages} />
            {entities.length > 0 && <EntitySwitcher entities={entities} selectedId={selectedEntityId} />}
            <RequestBudget initial={rateLimit} />
            <Link href="/account" title="Your account: password and sessions" className="rounded-md px-1 text-right leading-tight hover:bg-slate-50">
              <div className="text-sm font-medium text-slate-800" data-testid="shell-staff-name">{staff.name}</div>
              <div className="text-xs text-slate-500">
                <span className="hidden xl:inline">{staff.email} · </span>
                <span data-testid="shell-staff-role">{ROLE_LABEL[staff.role]}</span>
              </div>
            </Link>
            <SignOutButton />
          </div>
        </header>
        {suspended && (
          <div role="status" data-testid="suspended-banner" className="border-b border-rose-200 bg-rose-50 px-6 py-2.5 text-sm text-rose-900">
            <strong className="font-semibold">The partner identity is suspended</strong>
            {suspended.source === 'parent' ? ' by its parent' : suspended.source === 'self' ? ' at its own request' : ''}
            {suspended.at ? ` since ${new Date(suspended.at).toUTCString()}` : ''}. The API refuses every call except reading the
            identity until it is resumed.
          </div>
        )}
        <main className="flex-1 px-6 py-6">{children}</main>
      </div>
    </div>
  );
}
