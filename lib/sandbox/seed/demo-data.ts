import type { LocaleCode } from '../../guestbook/locales';
import { uuidFrom } from '../ids';
import type { VenueRecord } from '../model';

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

export const VENUES: {
  key: string;
  name: string;
  market: number;
  tz: string;
  address: VenueRecord['address'];
  areas: [string, string | null][];
}[] = [
  {
    key: 'wharf',
    name: 'The Wharf Kitchen',
    market: 0,
    tz: 'Europe/London',
    address: { line1: '12 Wapping High Street', line2: null, city: 'London', postal_code: 'E1W 1NG', country: 'GB' },
    areas: [
      ['Riverside terrace', 'Heated terrace over the Thames'],
      ['Main room', null],
    ],
  },
  {
    key: 'copper',
    name: 'Copper & Thyme',
    market: 0,
    tz: 'Europe/London',
    address: { line1: '4 Neal’s Yard', line2: 'First floor', city: 'London', postal_code: 'WC2H 9DP', country: 'GB' },
    areas: [['Counter', 'Seats facing the open kitchen']],
  },
  {
    key: 'mayfair',
    name: 'Vine Room Mayfair',
    market: 0,
    tz: 'Europe/London',
    address: { line1: '21 Brook Street', line2: null, city: 'London', postal_code: 'W1K 4HB', country: 'GB' },
    areas: [],
  },
  {
    key: 'alfama',
    name: 'Casa Alfama',
    market: 1,
    tz: 'Europe/Lisbon',
    address: { line1: 'Rua de São Miguel 18', line2: null, city: 'Lisboa', postal_code: '1100-544', country: 'PT' },
    areas: [
      ['Azulejo hall', null],
      ['Rooftop', 'Open from April to October'],
    ],
  },
  { key: 'tejo', name: 'Tejo Marisqueira', market: 1, tz: 'Europe/Lisbon', address: null, areas: [] },
  {
    key: 'born',
    name: 'Bodega del Born',
    market: 2,
    tz: 'Europe/Madrid',
    address: {
      line1: 'Carrer de l’Argenteria 37',
      line2: 'Local 2',
      city: 'Barcelona',
      postal_code: '08003',
      country: 'ES',
    },
    areas: [['Cava bar', 'Standing tables and stools']],
  },
  {
    key: 'barceloneta',
    name: 'Mar de Barceloneta',
    market: 2,
    tz: 'Europe/Madrid',
    address: {
      line1: 'Passeig de Joan de Borbó 60',
      line2: null,
      city: 'Barcelona',
      postal_code: '08039',
      country: 'ES',
    },
    areas: [['Beach terrace', null]],
  },
  {
    key: 'shoreditch',
    name: 'Shoreditch Smokehouse',
    market: 0,
    tz: 'Europe/London',
    address: { line1: '88 Curtain Road', line2: 'Unit 3', city: 'London', postal_code: 'EC2A 3AA', country: 'GB' },
    areas: [
      ['Pit room', 'Communal tables by the smoker'],
      ['Yard', null],
    ],
  },
  {
    key: 'principe-real',
    name: 'Jardim do Príncipe',
    market: 1,
    tz: 'Europe/Lisbon',
    address: { line1: 'Praça do Príncipe Real 5', line2: null, city: 'Lisboa', postal_code: '1250-184', country: 'PT' },
    areas: [['Garden', 'Under the cedar; closed in heavy rain']],
  },
  {
    key: 'eixample',
    name: 'Eixample Taller',
    market: 2,
    tz: 'Europe/Madrid',
    address: { line1: 'Carrer de Mallorca 214', line2: null, city: 'Barcelona', postal_code: '08008', country: 'ES' },
    areas: [],
  },
  {
    key: 'gracia',
    name: 'Gràcia Garden',
    market: 2,
    tz: 'Europe/Madrid',
    address: { line1: 'Carrer de Verdi 9', line2: null, city: 'Barcelona', postal_code: '08012', country: 'ES' },
    areas: [],
  },
];

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
