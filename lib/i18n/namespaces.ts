/**
 * The catalogs' namespaces, one per feature: `messages/<locale>/<namespace>.json`. A new
 * namespace is added here and to `messages/en/index.ts`, then a file per locale.
 */
export const NAMESPACES = [
  'common',
  'ui',
  'shell',
  'overview',
  'identity',
  'delegates',
  'venues',
  'markets',
  'entities',
  'allocations',
  'reservations',
  'booking',
  'team',
  'activity',
  'account',
  'login',
  'settings',
  'validation',
  'errors',
] as const;

export type Namespace = (typeof NAMESPACES)[number];
