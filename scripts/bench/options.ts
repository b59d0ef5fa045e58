/** The command line of `npm run bench` and the ports its servers use. */
import { parseArgs } from 'node:util';

/** The dashboard and sandbox of the page measurements; the grid at scale uses the next two ports. */
export const PORT = 3300;
export const SANDBOX_PORT = 4300;
export const BASE = `http://127.0.0.1:${PORT}`;
export const SANDBOX_URL = `http://127.0.0.1:${SANDBOX_PORT}`;

export interface BenchOptions {
  build: boolean;
  /** page loads per route (and server-action samples: four times as many) */
  runs: number;
  /** INP samples per interaction: a p95 needs more than a handful (with 5, it is the maximum) */
  interactions: number;
  /** reservations of the sandbox-throughput world */
  reservations: number;
  /** seconds of each sandbox-throughput measurement */
  seconds: number;
  /** reservations of the sandbox the pages are served against */
  pageReservations: number;
  only: 'grid' | 'sign-in' | 'export' | 'lighthouse' | 'navigation' | 'events' | 'directory' | 'guest-history' | null;
  /** the full run without its Lighthouse part (--no-lighthouse) */
  skipLighthouse: boolean;
  /** the full run without its navigation part (--no-navigation) */
  skipNavigation: boolean;
  /** Lighthouse's runs a page, the pages (names; all when empty), its servers' ports and the bare Next.js page's */
  lighthouse: { runs: number; pages: string[]; port: number; sandboxPort: number; barePort: number };
  /** rounds of clicks, the pages (names; all when empty), the profiles and the servers' ports */
  /** --events-only: the event streams held open, the changes whose delivery is timed, and the processes (1: the embedded database; 2: PostgreSQL, the writer on one, the streams on the other) */
  events: { streams: number; changes: number; processes: 1 | 2 };
  /** --directory-only: how long two members browse the directory and the grid, in seconds */
  directorySeconds: number;
  /** --guest-history-only: how many times each regular's history is read */
  guestHistoryRounds: number;
  navigation: { rounds: number; pages: string[]; profiles: ('desktop' | 'phone')[]; port: number; sandboxPort: number };
}

const list = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

function eventProcesses(value: string): 1 | 2 {
  if (value === '1' || value === '2') return Number(value) as 1 | 2;
  throw new Error('--events-processes takes 1 (the embedded database) or 2 (two processes on PostgreSQL).');
}

export function parseBenchOptions(args: string[]): BenchOptions {
  const { values } = parseArgs({
    args,
    options: {
      'no-build': { type: 'boolean', default: false },
      runs: { type: 'string', default: '5' },
      reservations: { type: 'string', default: '1000000' },
      seconds: { type: 'string', default: '5' },
      'page-reservations': { type: 'string', default: '100000' },
      'grid-only': { type: 'boolean', default: false },
      'sign-in-only': { type: 'boolean', default: false },
      'export-only': { type: 'boolean', default: false },
      'lighthouse-only': { type: 'boolean', default: false },
      'no-lighthouse': { type: 'boolean', default: false },
      'lighthouse-runs': { type: 'string', default: '5' },
      'lighthouse-pages': { type: 'string', default: '' },
      'lighthouse-port': { type: 'string', default: '3810' },
      'lighthouse-sandbox-port': { type: 'string', default: '4810' },
      'bare-port': { type: 'string', default: '3811' },
      'navigation-only': { type: 'boolean', default: false },
      'events-only': { type: 'boolean', default: false },
      'events-streams': { type: 'string', default: '200' },
      'events-changes': { type: 'string', default: '30' },
      'events-processes': { type: 'string', default: '1' },
      'directory-only': { type: 'boolean', default: false },
      'directory-seconds': { type: 'string', default: '60' },
      'guest-history-only': { type: 'boolean', default: false },
      'guest-history-rounds': { type: 'string', default: '2' },
      'no-navigation': { type: 'boolean', default: false },
      'navigation-rounds': { type: 'string', default: '3' },
      'navigation-pages': { type: 'string', default: '' },
      'navigation-profiles': { type: 'string', default: 'desktop,phone' },
      'navigation-port': { type: 'string', default: '3302' },
      'navigation-sandbox-port': { type: 'string', default: '4302' },
    },
  });
  const runs = Number(values.runs);
  const only = values['grid-only']
    ? 'grid'
    : values['sign-in-only']
      ? 'sign-in'
      : values['export-only']
        ? 'export'
        : values['lighthouse-only']
          ? 'lighthouse'
          : values['navigation-only']
            ? 'navigation'
            : values['events-only']
              ? 'events'
              : values['directory-only']
                ? 'directory'
                : values['guest-history-only']
                  ? 'guest-history'
                  : null;
  const profiles = list(values['navigation-profiles']);
  if (!profiles.length || profiles.some((p) => p !== 'desktop' && p !== 'phone'))
    throw new Error('--navigation-profiles takes desktop, phone or both (desktop,phone).');
  return {
    build: !values['no-build'],
    runs,
    interactions: Math.max(20, runs * 4),
    reservations: Number(values.reservations),
    seconds: Number(values.seconds),
    pageReservations: Number(values['page-reservations']),
    only,
    skipLighthouse: values['no-lighthouse'],
    skipNavigation: values['no-navigation'],
    lighthouse: {
      runs: Number(values['lighthouse-runs']),
      pages: list(values['lighthouse-pages']),
      port: Number(values['lighthouse-port']),
      sandboxPort: Number(values['lighthouse-sandbox-port']),
      barePort: Number(values['bare-port']),
    },
    events: {
      streams: Number(values['events-streams']),
      changes: Number(values['events-changes']),
      processes: eventProcesses(values['events-processes']),
    },
    directorySeconds: Number(values['directory-seconds']),
    guestHistoryRounds: Number(values['guest-history-rounds']),
    navigation: {
      rounds: Number(values['navigation-rounds']),
      pages: list(values['navigation-pages']),
      profiles: profiles as ('desktop' | 'phone')[],
      port: Number(values['navigation-port']),
      sandboxPort: Number(values['navigation-sandbox-port']),
    },
  };
}

/** The command that repeats a full run with these options. */
export const commandOf = (o: BenchOptions) =>
  `npm run bench -- --runs ${o.runs} --reservations ${o.reservations} --seconds ${o.seconds} --page-reservations ${o.pageReservations}`;

/** The command that repeats the navigation part with these options. */
export const navigationCommandOf = (o: BenchOptions) =>
  `npm run bench -- --navigation-only --navigation-rounds ${o.navigation.rounds}` +
  (o.navigation.pages.length ? ` --navigation-pages '${o.navigation.pages.join(',')}'` : '') +
  (o.navigation.profiles.length < 2 ? ` --navigation-profiles ${o.navigation.profiles.join(',')}` : '');

/** The command that repeats the Lighthouse part with these options. */
export const lighthouseCommandOf = (o: BenchOptions) =>
  `npm run bench -- --lighthouse-only --lighthouse-runs ${o.lighthouse.runs}` +
  (o.lighthouse.pages.length ? ` --lighthouse-pages '${o.lighthouse.pages.join(',')}'` : '');
