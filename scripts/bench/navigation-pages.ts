/**
 * The pages the navigation bench (navigation.ts) clicks through, in the order a round clicks
 * them, with how each is reached and what shows it has loaded.
 */

/** How each page is reached: a sidebar link (the account menu for the account page) or a row of its list. */
export type Via = { kind: 'sidebar' } | { kind: 'account-menu' } | { kind: 'row'; list: string };

export interface NavPage {
  name: string;
  /** the address the page is at once loaded (pathname) */
  path: RegExp;
  /** where a round loads it directly, when it must start from it */
  href: string | null;
  via: Via;
  /** an element only the loaded page shows */
  ready: string;
}

export const ROW = (list: string) => `main table tbody a[href^="${list}/"]:not([href$="/new"])`;

/** In the order a round clicks them: each detail page right after its list. */
export const NAV_PAGES: NavPage[] = [
  { name: 'overview', path: /^\/$/, href: '/', via: { kind: 'sidebar' }, ready: '[data-testid="today-reservations"]' },
  { name: 'today', path: /^\/today$/, href: '/today', via: { kind: 'sidebar' }, ready: '[data-testid="today-scope"]' },
  {
    name: 'identity',
    path: /^\/identity$/,
    href: '/identity',
    via: { kind: 'sidebar' },
    ready: '[data-testid="identity-name"]',
  },
  {
    name: 'delegates',
    path: /^\/delegates$/,
    href: '/delegates',
    via: { kind: 'sidebar' },
    ready: '[data-testid="delegate-table"] tbody tr',
  },
  {
    name: 'a delegate',
    path: /^\/delegates\/[^/]+$/,
    href: null,
    via: { kind: 'row', list: '/delegates' },
    ready: '[data-testid="delegate-name"]',
  },
  {
    name: 'entities',
    path: /^\/entities$/,
    href: '/entities',
    via: { kind: 'sidebar' },
    ready: '[data-testid="entity-table"] tbody tr',
  },
  {
    name: 'an entity',
    path: /^\/entities\/[^/]+$/,
    href: null,
    via: { kind: 'row', list: '/entities' },
    ready: '[data-testid="entity-name"]',
  },
  {
    name: 'venues',
    path: /^\/venues$/,
    href: '/venues',
    via: { kind: 'sidebar' },
    ready: '[data-testid="venue-table"] tbody tr',
  },
  {
    name: 'a venue',
    path: /^\/venues\/[^/]+$/,
    href: null,
    via: { kind: 'row', list: '/venues' },
    ready: '[data-testid="venue-name"]',
  },
  {
    name: 'markets',
    path: /^\/markets$/,
    href: '/markets',
    via: { kind: 'sidebar' },
    ready: '[data-testid="market-list"] tbody tr',
  },
  {
    name: 'reservations',
    path: /^\/reservations$/,
    href: '/reservations',
    via: { kind: 'sidebar' },
    ready: '[data-testid="reservations-table"] tbody tr',
  },
  {
    name: 'a reservation',
    path: /^\/reservations\/[^/]+$/,
    href: null,
    via: { kind: 'row', list: '/reservations' },
    ready: '[data-testid="reservation-guest"]',
  },
  {
    name: 'allocations',
    path: /^\/allocations$/,
    href: '/allocations',
    via: { kind: 'sidebar' },
    ready: '[data-testid^="alloc-row-"]',
  },
  {
    name: 'activity',
    path: /^\/activity$/,
    href: '/activity',
    via: { kind: 'sidebar' },
    ready: '[data-testid="activity-table"] tbody tr, [data-testid="activity-empty"]',
  },
  {
    name: 'team',
    path: /^\/team$/,
    href: '/team',
    via: { kind: 'sidebar' },
    ready: '[data-testid="team-table"] tbody tr',
  },
  {
    name: 'account',
    path: /^\/account$/,
    href: '/account',
    via: { kind: 'account-menu' },
    ready: 'main form input[type="password"]',
  },
];
