/**
 * The dashboard's HTTP server: Next.js behind a plain Node server that first works out each
 * request's client address from the connection (lib/server/client-address.ts), so that no
 * header a client writes can choose the key of its own sign-in limit.
 *
 *   node --import tsx scripts/server.ts [--port 3000] [--host 127.0.0.1] [--dev]
 *
 * It refuses to start on an unsafe configuration: the configuration's own checks, and with
 * GUESTBOOK_ENV=production any demo staff account still in the dashboard database.
 */
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { CLIENT_ADDRESS_HEADER, clientAddressOf } from '../lib/server/client-address';
import { ConfigError, loadConfig, type DashboardConfig } from '../lib/server/config-core';
import { openDashboardDb } from '../lib/server/db/open';
import { assertNoDemoAccounts } from '../lib/server/demo-accounts';

async function refuseDemoAccounts(config: DashboardConfig): Promise<void> {
  const { db, close } = await openDashboardDb(config);
  try {
    await assertNoDemoAccounts(db);
  } finally {
    await close();
  }
}

async function main() {
  const { values } = parseArgs({
    options: { port: { type: 'string', default: '3000' }, host: { type: 'string', default: '127.0.0.1' }, dev: { type: 'boolean', default: false } },
  });
  const dev = values.dev;
  (process.env as Record<string, string>).NODE_ENV = dev ? 'development' : 'production';
  const config = loadConfig(process.env);
  if (config.environment === 'production') await refuseDemoAccounts(config);

  const { default: next } = await import('next');
  const port = Number(values.port);
  const app = next({ dev, hostname: values.host, port, dir: process.cwd() });
  const handle = app.getRequestHandler();
  await app.prepare();

  const server = createServer((req, res) => {
    req.headers[CLIENT_ADDRESS_HEADER] = clientAddressOf(req.socket.remoteAddress, req.headers['x-forwarded-for'], config.trustedProxyHops);
    void handle(req, res);
  });
  if (dev) server.on('upgrade', app.getUpgradeHandler());
  server.listen(port, values.host, () => console.log(`Ready on http://${values.host}:${port}`));
  const close = () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.once('SIGTERM', close);
  process.once('SIGINT', close);
}

main().catch((e: unknown) => {
  console.error(e instanceof ConfigError ? e.message : e);
  process.exit(1);
});
