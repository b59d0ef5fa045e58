import { availableParallelism } from 'node:os';

/**
 * Where the e2e run's processes listen. Each Playwright worker has a sandbox and a dashboard
 * (with its own database) of its own, started by playwright.config.ts through `scripts/run.ts
 * serve`: worker i (TEST_PARALLEL_INDEX) uses the ports E2E_DASHBOARD_PORT + i and
 * E2E_SANDBOX_PORT + i, so what a spec does to its sandbox (faults, resets, writes) and to its
 * dashboard (sessions, locks, budgets) is seen by no other worker.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? defaultWorkers()));
/**
 * One worker for every two cores, and two from 2 cores up: a worker keeps about two busy (its
 * Chromium renderers, its dashboard, its sandbox), but much of a test is waiting (for the sync's
 * turn, a timer, a second browser), which another worker fills. On 2 cores the 278 tests took
 * 29.0 min in one worker and 20.0–20.6 min in two; three finished no sooner than one (9.5 against
 * 10 tests a minute) and starved each other's timers: skeletons shown too late, clicks timing out.
 * In the headless shell (e2e/chromium.ts) the 283 tests took 15.9 min in two and 15.0 in three.
 */
function defaultWorkers(): number {
  const cores = availableParallelism();
  return cores < 2 ? 1 : Math.max(2, Math.floor(cores / 2));
}

const BASE_DASHBOARD_PORT = Number(process.env.E2E_DASHBOARD_PORT ?? 3100);
const BASE_SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? 4100);
/** The mail catchers' pages, two ports each (the page, then its SMTP server). */
const BASE_MAIL_PORT = Number(process.env.E2E_MAIL_PORT ?? 4600);

/** The pair of processes of worker `i`. */
export function workerServers(i: number) {
  const dashboardPort = BASE_DASHBOARD_PORT + i;
  const sandboxPort = BASE_SANDBOX_PORT + i;
  const mailPort = BASE_MAIL_PORT + 2 * i;
  return {
    dashboardPort,
    sandboxPort,
    mailPort,
    /** the mail catcher's page: what the dashboard sent (lib/mail-catcher) */
    mailUrl: `http://127.0.0.1:${mailPort}`,
    dashboardUrl: `http://127.0.0.1:${dashboardPort}`,
    sandboxUrl: `http://127.0.0.1:${sandboxPort}`,
    /** Both processes' output (`scripts/run.ts serve --log`), scanned for secrets at the end. */
    log: `.data/e2e/server-${i}.log`,
    dataDir: `.data/e2e/dashboard-${i}`,
    storage: {
      admin: `test-results/.auth/${i}/admin.json`,
      operator: `test-results/.auth/${i}/operator.json`,
      viewer: `test-results/.auth/${i}/viewer.json`,
    },
  } as const;
}

/** This worker's index (0 in the runner's own process, where the config is read first). */
/**
 * The e2e dashboards' sync, every 20 s (DIRECTORY_SYNC_SECONDS), so that a guest's change made in
 * the sandbox shows within 10 s; that is also how long the API's answer to a search the window
 * cannot answer is shown again as current (lib/server/reservations/from-copy.ts).
 */
export const E2E_SYNC_SECONDS = 20;
export const ANSWER_CURRENT_MS = E2E_SYNC_SECONDS * 1_000;

/**
 * Until the reservation answers the dashboard holds are no longer current, so that the next
 * search or reservation page asks the API (for a test of what a slow or failing API shows).
 */
export const answersNoLongerCurrent = () =>
  new Promise<void>((resolve) => setTimeout(resolve, ANSWER_CURRENT_MS + 1_000));

export const WORKER = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const mine = workerServers(WORKER);
export const DASHBOARD_PORT = mine.dashboardPort;
export const SANDBOX_PORT = mine.sandboxPort;
export const DASHBOARD_URL = mine.dashboardUrl;
export const SANDBOX_URL = mine.sandboxUrl;
export const MAIL_URL = mine.mailUrl;
export const STORAGE = mine.storage;
/** The directory of this worker's dashboard database (and its generated session secret). */
export const DASHBOARD_DATA_DIR = mine.dataDir;
/** Every worker's server log. */
export const SERVER_LOGS = Array.from({ length: E2E_WORKERS }, (_, i) => workerServers(i).log);

/**
 * Ports of this worker's own for a spec that starts more processes (a second dashboard, another
 * sandbox): past every worker's pair, one block of E2E_WORKERS ports per spare, so no two workers
 * share one.
 */
export const spareDashboardPort = (n: 0 | 1) => BASE_DASHBOARD_PORT + E2E_WORKERS * (1 + n) + WORKER;
export const spareSandboxPort = () => BASE_SANDBOX_PORT + E2E_WORKERS + WORKER;
/** A spare mail catcher's page port (its SMTP server on the next one), past every worker's own. */
export const spareMailPort = () => BASE_MAIL_PORT + 2 * (E2E_WORKERS + WORKER);
