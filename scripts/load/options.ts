/** The command line of `npm run test:load`, read into the options of one run. */
import { parseArgs } from 'node:util';

export interface LoadOptions {
  sessions: number;
  seconds: number;
  thinkMinMs: number;
  thinkMaxMs: number;
  /** dashboard processes (1 to 8); more than one run on PostgreSQL */
  processes: number;
  port: number;
  sandboxPort: number;
  /** build first (the default), or test the build in .next as it is (--no-build) */
  build: boolean;
  /** the fair-share phase after the main one (fair-share.ts): its seconds and the hammering viewer's concurrent page loads; null without it */
  fairShare: { seconds: number; concurrency: number } | null;
}

/** Where the dashboard under load keeps its data. */
export const DATA_DIR = '.data/load/dashboard';
/** The output of each process under load, its JSON log lines included (`dashboard-N.log`), to follow a slow request by its id. */
export const LOG_DIR = '.data/load/logs';
/** How long a request of the load test waits for its answer. */
export const REQUEST_TIMEOUT_MS = 120_000;
/** The API's rate limit per client. */
export const API_LIMIT_PER_MINUTE = 1_000;

export class UsageError extends Error {}

export function parseLoadOptions(args: string[]): LoadOptions {
  const { values } = parseArgs({
    args,
    options: {
      sessions: { type: 'string', default: '50' },
      seconds: { type: 'string', default: '120' },
      'think-min': { type: 'string', default: '1' },
      'think-max': { type: 'string', default: '3' },
      'no-build': { type: 'boolean', default: false },
      processes: { type: 'string', default: '1' },
      port: { type: 'string', default: '3400' },
      'sandbox-port': { type: 'string', default: '4400' },
      'fair-share': { type: 'boolean', default: false },
      'fair-share-seconds': { type: 'string', default: '60' },
      'hammer-concurrency': { type: 'string', default: '16' },
    },
  });
  const options: LoadOptions = {
    sessions: Number(values.sessions),
    seconds: Number(values.seconds),
    thinkMinMs: Number(values['think-min']) * 1000,
    thinkMaxMs: Number(values['think-max']) * 1000,
    processes: Number(values.processes),
    port: Number(values.port),
    sandboxPort: Number(values['sandbox-port']),
    build: !values['no-build'],
    fairShare: values['fair-share']
      ? { seconds: Number(values['fair-share-seconds']), concurrency: Number(values['hammer-concurrency']) }
      : null,
  };
  if (
    options.fairShare &&
    !(
      options.fairShare.seconds > 0 &&
      Number.isInteger(options.fairShare.concurrency) &&
      options.fairShare.concurrency >= 1
    )
  ) {
    throw new UsageError('--fair-share-seconds must be positive and --hammer-concurrency a whole number from 1.');
  }
  if (!Number.isInteger(options.processes) || options.processes < 1 || options.processes > 8) {
    throw new UsageError('--processes must be a whole number from 1 to 8.');
  }
  const { sessions, seconds, thinkMinMs, thinkMaxMs } = options;
  if (
    ![sessions, seconds, thinkMinMs, thinkMaxMs].every((n) => Number.isFinite(n) && n >= 0) ||
    sessions < 1 ||
    thinkMaxMs < thinkMinMs
  ) {
    throw new UsageError('--sessions and --seconds must be positive numbers, and --think-min ≤ --think-max (seconds).');
  }
  return options;
}

/** The command that repeats a run with these options. */
export function commandOf(o: LoadOptions): string {
  const processes = o.processes > 1 ? ` --processes ${o.processes}` : '';
  const fairShare = o.fairShare
    ? ` --fair-share --fair-share-seconds ${o.fairShare.seconds} --hammer-concurrency ${o.fairShare.concurrency}`
    : '';
  return `npm run test:load -- --sessions ${o.sessions} --seconds ${o.seconds} --think-min ${o.thinkMinMs / 1000} --think-max ${o.thinkMaxMs / 1000}${processes}${fairShare}`;
}

/**
 * The dashboard as deployed (docs/operations.md): a reverse proxy in front compresses what it
 * sends, so its processes do not. The load test has no proxy; its sessions read the pages as sent.
 */
export const AS_DEPLOYED = { DASHBOARD_COMPRESSION: 'host' } as const;
