/**
 * The dashboard's HTTP server: Next.js behind a plain Node server that first works out each
 * request's client address from the connection (lib/server/auth/client-address.ts), so that no
 * header a client writes can choose the key of its own sign-in limit.
 *
 *   node --import tsx scripts/server.ts [--port 3000] [--host 127.0.0.1] [--dev]
 *
 * It refuses to start on an unsafe configuration: the configuration's own checks, with
 * GUESTBOOK_ENV=production any demo staff account still in the dashboard database, and on
 * PostgreSQL a running process whose AUTH_SECRET or actions key differs (process-registry.ts).
 *
 * On SIGTERM (or SIGINT) it stops taking connections, answers readiness with 503, lets running
 * allocation applies finish (at most SHUTDOWN_GRACE_MS), stops the directory's sync, then exits.
 */
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';

import { CLIENT_ADDRESS_HEADER, clientAddressOf, markDashboardServer } from '../lib/server/auth/client-address';
import { withRequestTicket } from '../lib/server/budget/request-ticket';
import { closeAllStreams } from '../lib/server/changes/open-streams';
import { ConfigError, loadConfig, sessionCookieName, type DashboardConfig } from '../lib/server/config/config-core';
import { openDashboardDb } from '../lib/server/db/open';
import { RenderGate } from '../lib/server/http/render-gate';
import { verifiedSessionKey } from '../lib/server/http/render-gate-session';
import { logger, newRequestId, pathOnly, withRequestId } from '../lib/server/log/logger';
import { appliesFinished, runningApplies, startDraining, stopBackgroundWork } from '../lib/server/ops/lifecycle';
import { buildIdOf, registerProcess, type Registration } from '../lib/server/ops/process-registry';
import { productionStartChecks } from '../lib/server/ops/start-checks';

/** The longest a shutdown waits for running applies (below the usual 30 s an orchestrator allows). */
const SHUTDOWN_GRACE_MS = 25_000;

async function register(
  config: DashboardConfig,
  dev: boolean,
): Promise<{ registration: Registration; close(): Promise<void> }> {
  const { db, close } = await openDashboardDb(config);
  try {
    const registration = await registerProcess(db, {
      authSecret: config.authSecret,
      actionsKey: process.env.NEXT_SERVER_ACTIONS_ENCRYPTION_KEY,
      buildId: dev ? 'development' : buildIdOf(),
    });
    if (registration.otherBuilds.length)
      console.log(
        `Another build runs beside this one on the database (${registration.otherBuilds.join(', ')}): a rolling deploy?`,
      );
    return { registration, close };
  } catch (e) {
    await close();
    throw e;
  }
}

/** The production start checks (lib/server/ops/start-checks.ts) on a database handle of their own, closed after. */
async function startChecks(config: DashboardConfig): Promise<void> {
  let opened: Awaited<ReturnType<typeof openDashboardDb>> | undefined;
  try {
    await productionStartChecks(config, async () => (opened = await openDashboardDb(config)).db);
  } finally {
    await opened?.close();
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '3000' },
      host: { type: 'string', default: '127.0.0.1' },
      dev: { type: 'boolean', default: false },
    },
  });
  const dev = values.dev;
  (process.env as Record<string, string>).NODE_ENV = dev ? 'development' : 'production';
  const config = loadConfig(process.env);
  // Requests reach Next.js with the client address this server works out (the production start
  // checks refuse any other entry point).
  markDashboardServer();
  if (config.environment === 'production') await startChecks(config);
  const registered = config.databaseUrl ? await register(config, dev) : null;

  const { default: next } = await import('next');
  const port = Number(values.port);
  const app = next({ dev, hostname: values.host, port, dir: process.cwd() });
  const handle = app.getRequestHandler();
  await app.prepare();
  // A session's page renders in this process, a few at a time (lib/server/http/render-gate.ts).
  const gate = new RenderGate(
    verifiedSessionKey({
      cookieName: sessionCookieName(config),
      secret: config.authSecret,
      secureCookie: config.secureCookies,
    }),
  );

  // Requests being answered: a shutdown lets them finish (an apply's response re-renders the page).
  let inFlight = 0;
  let onIdle: (() => void) | undefined;
  const server = createServer((req, res) => {
    inFlight++;
    // Our own id for every request (one a client sends is not trusted), answered as X-Request-Id.
    const requestId = newRequestId();
    const started = performance.now();
    // A page view's waits for the request budget count from here (lib/server/budget/gate.ts, maxViewWaitMs).
    const arrived = Date.now();
    res.setHeader('X-Request-Id', requestId);
    const path = pathOnly(req.url);
    // Once the response has ended, a page view's API reads not sent yet are not sent (a retry after its browser left).
    const ended = new AbortController();
    res.once('close', () => {
      ended.abort();
      inFlight--;
      if (inFlight === 0) onIdle?.();
      if (!path.startsWith('/_next/static')) {
        logger.info(
          {
            requestId,
            http: {
              method: req.method,
              path,
              status: res.statusCode,
              durationMs: Math.round(performance.now() - started),
            },
          },
          'request',
        );
      }
    });
    req.headers[CLIENT_ADDRESS_HEADER] = clientAddressOf(
      req.socket.remoteAddress,
      req.headers['x-forwarded-for'],
      config.trustedProxyHops,
    );
    // A router prefetch (a link scrolled into view) reads ahead of a click: background work.
    const lane = req.headers['next-router-prefetch'] ? 'background' : 'view';
    const admitted = gate.admit(req, res);
    // Its log lines carry its id (lib/server/log), its API requests its budget ticket (lib/server/budget).
    const serve = () =>
      withRequestId(requestId, () => withRequestTicket(() => void handle(req, res), lane, arrived, ended.signal));
    if (admitted === true) serve();
    else if (admitted !== false) void admitted.then((go) => go && serve());
  });
  if (dev) server.on('upgrade', app.getUpgradeHandler());
  server.listen(port, values.host, () => console.log(`Ready on http://${values.host}:${port}`));
  const close = async () => {
    startDraining();
    // The browsers' event streams end now (they reconnect elsewhere and catch up), not at the grace's end.
    closeAllStreams();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const applies = runningApplies();
    const deadline = Date.now() + SHUTDOWN_GRACE_MS;
    const finished = await appliesFinished(SHUTDOWN_GRACE_MS);
    if (applies)
      console.log(
        finished
          ? `Shutdown: ${applies} running apply(s) finished.`
          : `Shutdown: applies still running after ${SHUTDOWN_GRACE_MS / 1000} s.`,
      );
    if (inFlight > 0) {
      await new Promise<void>((resolve) => {
        onIdle = resolve;
        setTimeout(resolve, Math.max(0, deadline - Date.now())).unref();
      });
    }
    // The directory's sync ends its turn and gives its election up, for another process to take.
    await stopBackgroundWork(Math.max(1_000, deadline - Date.now()));
    await registered?.registration.stop().catch(() => undefined);
    await registered?.close().catch(() => undefined);
    // Idle keep-alive connections get a moment to close, then whatever is left is closed.
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 1_000))]);
    server.closeAllConnections();
    process.exit(0);
  };
  process.once('SIGTERM', () => void close());
  process.once('SIGINT', () => void close());
}

main().catch((e: unknown) => {
  console.error(e instanceof ConfigError ? e.message : e);
  process.exit(1);
});
