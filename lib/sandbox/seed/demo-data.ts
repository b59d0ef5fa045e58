import type { LocaleCode } from '../../guestbook/locales';
import { uuidFrom } from '../ids';
import type { VenueRecord } from '../model';
import venues from './demo-venues.json' with { type: 'json' };

/** The demo world's fixed parts: its partner, delegates, programs, markets, venues and guest names (demo-builders.ts makes records of them). */
/** The demo partner's credentials: the dashboard's embedded defaults point at them. */
export const DEMO_PARTNER = {
  clientId: 'gb_partner_demo',
  clientSecret: 'sandbox-partner-demo-secret',
  identityId: uuidFrom('identity:partner'),
  name: 'Harbour & Vine Hospitality Group',
  defaultEntityId: uuidFrom('entity:harbour-vine-direct'),
} as const;

export interface DelegateSeed {
  key: string;
  name: string;
  entity: string;
  orgId: string | null;
  locale: LocaleCode;
  suspended?: boolean;
  /** delegates never hold commitments:update; some cannot read their cap either */
  readsCommitments: boolean;
}

export const DELEGATES: DelegateSeed[] = [
  {
    key: 'tablefinder',
    name: 'Tablefinder Travel',
    entity: 'Tablefinder',
    orgId: 'org_tablefinder',
    locale: 'en-GB',
    readsCommitments: true,
  },
  {
    key: 'lisboa-concierge',
    name: 'Lisboa Concierge Lda',
    entity: 'Lisboa Concierge',
    orgId: 'org_lisboa_concierge',
    locale: 'pt-PT',
    readsCommitments: true,
  },
  {
    key: 'gourmet-passport',
    name: 'Gourmet Passport',
    entity: 'Gourmet Passport',
    orgId: null,
    locale: 'en-US',
    readsCommitments: false,
  },
  {
    key: 'nordic-dining',
    name: 'Nordic Dining Club',
    entity: 'Nordic Dining Club',
    orgId: 'org_nordic_dining',
    locale: 'sv-SE',
    readsCommitments: true,
  },
  {
    key: 'barcelona-bites',
    name: 'Barcelona Bites SL',
    entity: 'Barcelona Bites',
    orgId: 'org_barcelona_bites',
    locale: 'es-ES',
    readsCommitments: true,
  },
  {
    key: 'afterhours',
    name: 'Afterhours Events',
    entity: 'Afterhours',
    orgId: null,
    locale: 'fr-FR',
    suspended: true,
    readsCommitments: false,
  },
  {
    key: 'cityweekends',
    name: 'City Weekends GmbH',
    entity: 'City Weekends',
    orgId: 'org_city_weekends',
    locale: 'de-DE',
    readsCommitments: true,
  },
];

export const delegateCredentials = (d: DelegateSeed) => ({
  clientId: `gb_delegate_${d.key.replace(/-/g, '_')}`,
  clientSecret: `sandbox-${d.key}-secret`,
  identityId: uuidFrom(`identity:${d.key}`),
  name: d.name,
  entityId: uuidFrom(`entity:${d.key}`),
  orgId: d.orgId,
  suspended: d.suspended ?? false,
});

/** Client credentials of the demo delegates (sandbox only), for tests that call as a delegate. */
export const DEMO_DELEGATES = DELEGATES.map(delegateCredentials);

export const DEMO_PROGRAMS = [
  { id: uuidFrom('program:standard'), name: 'Standard dining' },
  { id: uuidFrom('program:chefs-table'), name: "Chef's table" },
  { id: uuidFrom('program:corporate'), name: 'Corporate events' },
  { id: uuidFrom('program:late-seating'), name: 'Late seating' },
] as const;

export const DEMO_MARKETS = [
  { id: uuidFrom('market:london'), name: 'London', country: 'GB' },
  { id: uuidFrom('market:lisbon'), name: 'Lisbon', country: 'PT' },
  { id: uuidFrom('market:barcelona'), name: 'Barcelona', country: 'ES' },
] as const;

export interface VenueSeed {
  key: string;
  name: string;
  /** its market's index in DEMO_MARKETS */
  market: number;
  tz: string;
  address: VenueRecord['address'];
  /** seating areas: name and description */
  areas: [string, string | null][];
}

/** The demo world's venues, kept as data in demo-venues.json. */
export const VENUES = venues as VenueSeed[];

export const FIRST = [
  'Amelia',
  'Noah',
  'Sofia',
  'Liam',
  'Inês',
  'Mateo',
  'Freya',
  'Lucas',
  'Chloé',
  'Jonas',
  'Aisha',
  'Hugo',
  'Marta',
  'Oscar',
  'Yuki',
  'Elena',
  'Rui',
  'Clara',
  'Felix',
  'Nadia',
];
export const LAST = [
  'Hughes',
  'Silva',
  'García',
  'Andersson',
  'Müller',
  'Dubois',
  'Okafor',
  'Rossi',
  'Tanaka',
  'Costa',
  'Byrne',
  'Novak',
  'Fischer',
  'Moreau',
  'Ferreira',
  'Lindqvist',
  'Patel',
  'Romero',
  'Walsh',
  'Kowalski',
];

export const CREATED = '2026-03-02T09:00:00Z';

/** The programs each demo venue contracts blocks for (by its index in VENUES). */
export const venuePrograms = (vi: number) => {
  const [standard, chefs, corporate, late] = DEMO_PROGRAMS;
  return vi % 2 === 0 ? [standard, chefs, late] : [standard, corporate];
};
