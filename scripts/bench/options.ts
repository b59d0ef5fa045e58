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
  only: 'grid' | 'sign-in' | 'export' | 'lighthouse' | null;
  /** the full run without its Lighthouse part (--no-lighthouse) */
  skipLighthouse: boolean;
  lighthouse: { runs: number; port: number; sandboxPort: number };
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
      'lighthouse-port': { type: 'string', default: '3810' },
      'lighthouse-sandbox-port': { type: 'string', default: '4810' },
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
          : null;
  return {
    build: !values['no-build'],
    runs,
    interactions: Math.max(20, runs * 4),
    reservations: Number(values.reservations),
    seconds: Number(values.seconds),
    pageReservations: Number(values['page-reservations']),
    only,
    skipLighthouse: values['no-lighthouse'],
    lighthouse: {
      runs: Number(values['lighthouse-runs']),
      port: Number(values['lighthouse-port']),
      sandboxPort: Number(values['lighthouse-sandbox-port']),
    },
  };
}

/** The command that repeats a full run with these options. */
export const commandOf = (o: BenchOptions) =>
  `npm run bench -- --runs ${o.runs} --reservations ${o.reservations} --seconds ${o.seconds} --page-reservations ${o.pageReservations}`;
