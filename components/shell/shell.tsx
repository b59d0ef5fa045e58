import type { ReactNode } from 'react';

import { Badge } from '@/components/ui/badge';
import { ToastRegion } from '@/components/ui/toast';
import { ROLE_LABELS, type StaffRole } from '@/lib/auth/roles';
import type { Formatter } from '@/lib/format';
import type { RequestBudgetFigure } from '@/lib/queries/reads';

import { AccountMenu } from './account-menu';
import { EntitySwitcher, type EntityOption, type SelectEntityAction } from './entity-switcher';
import { GlobalSearch } from './global-search';
import { MobileNav } from './mobile-nav';
import { NavLinks, type NavItem } from './nav';
import { RequestBudget } from './request-budget';

const NAV: (NavItem & { adminOnly?: boolean })[] = [
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

export function Shell({
  staff,
  environment,
  partnerName,
  suspended,
  entities,
  selectedEntityId,
  rateLimit,
  selectEntity,
  format,
  children,
}: {
  staff: { name: string; email: string; role: StaffRole };
  environment: 'sandbox' | 'production';
  partnerName: string | null;
  suspended: { source: string | null; at: string | null } | null;
  entities: EntityOption[];
  selectedEntityId: string | null;
  rateLimit: RequestBudgetFigure | null;
  /** the entity switcher's choice (a server action) */
  selectEntity: SelectEntityAction;
  format: Formatter;
  children: ReactNode;
}) {
  const pages = NAV.filter((item) => !item.adminOnly || staff.role === 'admin').map(({ href, label }) => ({
    href,
    label,
  }));
  // Global search also offers what operators and admins can start from anywhere.
  const commands =
    staff.role === 'viewer' ? pages : [...pages, { href: '/reservations/new', label: 'New reservation' }];
  return (
    <div className="flex min-h-screen">
      <aside className="hidden w-56 shrink-0 flex-col border-r border-slate-200 bg-surface md:flex">
        <div className="flex h-14 items-center gap-2 border-b border-slate-100 px-4">
          <Logo />
          <span className="text-sm font-semibold text-slate-800">Guest Book</span>
        </div>
        <div className="flex-1 p-2">
          <NavLinks items={pages} label="Main" />
        </div>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-slate-200 bg-surface px-3 py-2 sm:px-6 md:min-h-14">
          <MobileNav items={pages} />
          <div className="flex min-w-0 flex-1 items-center gap-2">
            <span className="truncate text-sm font-semibold text-slate-800" data-testid="shell-partner-name">
              {partnerName ?? 'Partner unavailable'}
            </span>
            {environment === 'sandbox' ? (
              <Badge tone="warning" title="Connected to the Guest Book sandbox">
                Sandbox
              </Badge>
            ) : (
              <Badge tone="danger" title="Connected to the production API">
                Production
              </Badge>
            )}
          </div>
          {entities.length > 0 && (
            <div className="order-last w-full lg:order-none lg:w-auto">
              <EntitySwitcher entities={entities} selectedId={selectedEntityId} selectEntity={selectEntity} />
            </div>
          )}
          <div className="flex shrink-0 items-center gap-2 sm:gap-3">
            <GlobalSearch pages={commands} />
            <RequestBudget initial={rateLimit} />
            <AccountMenu name={staff.name} email={staff.email} roleLabel={ROLE_LABELS[staff.role]} />
          </div>
        </header>
        {suspended && (
          <div
            role="status"
            data-testid="suspended-banner"
            className="border-b border-rose-200 bg-rose-50 px-4 py-2.5 text-sm text-rose-900 sm:px-6"
          >
            <strong className="font-semibold">The partner identity is suspended</strong>
            {suspended.source === 'parent'
              ? ' by its parent'
              : suspended.source === 'self'
                ? ' at its own request'
                : ''}
            {suspended.at ? ` since ${format.dateTime(suspended.at, 'UTC')}` : ''}. The API refuses every call except
            reading the identity until it is resumed.
          </div>
        )}
        <main className="min-w-0 flex-1 px-3 py-5 sm:px-6 sm:py-6">{children}</main>
      </div>
      <ToastRegion />
    </div>
  );
}

function Logo() {
  return (
    <span
      aria-hidden="true"
      className="flex size-7 items-center justify-center rounded-lg bg-brand-600 text-sm font-semibold text-white"
    >
      G
    </span>
  );
}
