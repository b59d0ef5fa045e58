import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';

import { LeaveGuard } from '@/components/live/leave-guard';
import { Badge } from '@/components/ui/badge';
import { HydrateApart } from '@/components/ui/hydrate-apart';
import { ToastRegion } from '@/components/ui/toast-region';
import { bannerClasses } from '@/components/ui/tone';
import type { StaffRole } from '@/lib/auth/roles';

import { KeyboardShortcuts } from './keyboard-shortcuts';
import { MobileNav } from './mobile-nav';
import { NavLinks, type NavItem } from './nav';
import { PageOpeningBar } from './page-opening';

/** A page or command of the navigation and the search, by its key in the `shell.nav` messages. */
export type NavKey =
  | 'overview'
  | 'today'
  | 'identity'
  | 'delegates'
  | 'entities'
  | 'allocations'
  | 'reservations'
  | 'venues'
  | 'markets'
  | 'activity'
  | 'team'
  | 'newReservation';

const NAV: { href: string; key: NavKey; adminOnly?: boolean }[] = [
  { href: '/', key: 'overview' },
  { href: '/today', key: 'today' },
  { href: '/identity', key: 'identity' },
  { href: '/delegates', key: 'delegates' },
  { href: '/entities', key: 'entities' },
  { href: '/allocations', key: 'allocations' },
  { href: '/reservations', key: 'reservations' },
  { href: '/venues', key: 'venues' },
  { href: '/markets', key: 'markets' },
  { href: '/activity', key: 'activity' },
  { href: '/team', key: 'team', adminOnly: true },
];

/** The console's pages a member of this role may open, in the navigation's order, named by `label`. */
export function consolePages(role: StaffRole, label: (key: NavKey) => string): NavItem[] {
  const pages = NAV.filter((item) => !item.adminOnly || role === 'admin');
  // Those who run the service open on it: Today comes first for operators and admins.
  const ordered = role === 'viewer' ? pages : [pages[1]!, pages[0]!, ...pages.slice(2)];
  return ordered.map(({ href, key }) => ({ href, label: label(key) }));
}

/** What global search offers: the pages, and what operators and admins can start from anywhere. */
export function consoleCommands(role: StaffRole, label: (key: NavKey) => string): NavItem[] {
  const pages = consolePages(role, label);
  return role === 'viewer' ? pages : [...pages, { href: '/reservations/new', label: label('newReservation') }];
}

/**
 * The console's frame: the navigation beside (or, on a phone, above) the page, and a header
 * holding what the layout gives it: the partner, the entity switcher, the tools (search, request
 * budget, account) and a banner under it.
 */
export function Shell({
  pages,
  partner,
  entitySwitcher,
  tools,
  banner,
  children,
}: {
  pages: NavItem[];
  partner: PartnerHeadingProps;
  entitySwitcher?: ReactNode;
  tools: ReactNode;
  banner?: ReactNode;
  children: ReactNode;
}) {
  const t = useTranslations('shell.nav');
  return (
    <div className="flex min-h-screen">
      <aside className="hidden w-56 shrink-0 flex-col border-r border-slate-200 bg-surface md:flex print:hidden">
        <div className="flex h-14 items-center gap-2 border-b border-slate-100 px-4">
          <Logo />
          {/* i18n-ignore: the product's name */}
          <span className="text-sm font-semibold text-slate-800">Guest Book</span>
        </div>
        <div className="flex-1 p-2">
          <HydrateApart>
            <NavLinks items={pages} label={t('label')} />
          </HydrateApart>
        </div>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-slate-200 bg-surface px-3 py-2 sm:px-6 md:min-h-14 print:hidden">
          <HydrateApart>
            <MobileNav items={pages} heading={<PartnerHeading {...partner} inMenu />} />
            <div className="flex min-w-0 flex-1 items-center gap-2">
              <PartnerHeading {...partner} />
            </div>
          </HydrateApart>
          {entitySwitcher && (
            <HydrateApart>
              <div className="order-last w-full lg:order-none lg:w-auto">{entitySwitcher}</div>
            </HydrateApart>
          )}
          <HydrateApart>
            <div className="flex shrink-0 items-center gap-1.5 sm:gap-3">{tools}</div>
          </HydrateApart>
        </header>
        {banner}
        <main className="min-w-0 flex-1 px-3 py-5 sm:px-6 sm:py-6 print:p-0">
          <PageOpeningBar />
          {children}
        </main>
      </div>
      <ToastRegion />
      <KeyboardShortcuts pages={pages} />
      <LeaveGuard />
    </div>
  );
}

interface PartnerHeadingProps {
  name: string | null;
  environment: 'sandbox' | 'production';
}

/**
 * The partner's name and the API the dashboard is connected to. In the header of a phone there is
 * no room for the name beside the tools (it would show as its first letter or not at all): it is
 * left to screen readers there, and the menu's sheet shows it whole (`inMenu`).
 */
function PartnerHeading({ name, environment, inMenu = false }: PartnerHeadingProps & { inMenu?: boolean }) {
  const t = useTranslations('shell.partner');
  const label = name ?? t('unavailable');
  const badge =
    environment === 'sandbox' ? (
      <Badge tone="warning" title={t('sandboxTitle')}>
        {t('sandbox')}
      </Badge>
    ) : (
      <Badge tone="danger" title={t('productionTitle')}>
        {t('production')}
      </Badge>
    );
  if (inMenu)
    return (
      <div className="mb-3 flex flex-wrap items-center gap-2 border-b border-slate-100 pb-3" data-testid="menu-partner">
        <span className="text-sm font-medium break-words text-slate-700">{label}</span>
        {badge}
      </div>
    );
  return (
    <>
      <span className="truncate text-sm font-semibold text-slate-800 max-sm:sr-only" data-testid="shell-partner-name">
        {label}
      </span>
      {badge}
    </>
  );
}

/** Says that the API refuses every call but reading the identity, by whom and since when. */
export function SuspendedBanner({ source, since }: { source: string | null; since: string | null }) {
  const t = useTranslations('shell');
  return (
    <div role="status" data-testid="suspended-banner" className={bannerClasses('danger')}>
      {t.rich('suspended', {
        strong: (chunks) => <strong className="font-semibold">{chunks}</strong>,
        source: source ?? 'unknown',
        hasSince: since ? 'yes' : 'no',
        since: since ?? '',
      })}
    </div>
  );
}

function Logo() {
  return (
    <span
      aria-hidden="true"
      className="flex size-7 items-center justify-center rounded-lg bg-brand-600 text-sm font-semibold text-white"
    >
      {/* i18n-ignore: the logo's letter */}G
    </span>
  );
}
