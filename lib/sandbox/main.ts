/**
 * The Guest Book sandbox as a stand-alone server.
 *   npm run sandbox -- [--port 4010] [--host 127.0.0.1] [--seed demo|empty|FILE] [--memory | --data DIR] [--public-url URL]
 *                      [--reservations N] [--grid COMMITMENTSxENTITIES] [--busy-day N] [--control-token T] [--allowed-hosts a,b]
 * DATABASE_URL=postgres://… keeps the world in PostgreSQL instead of the embedded database.
 * The /_sandbox controls need the header X-Sandbox-Token: --control-token, else SANDBOX_CONTROL_TOKEN,
 * else a random token printed at start. They answer only loopback Host names, the public URL's
 * host and those of --allowed-hosts (SANDBOX_ALLOWED_HOSTS), comma-separated.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';

import { DEMO_GRID, parseGridSize } from './seed/demo';
import { SeedFileError } from './seed/file';
import { startSandbox } from './server';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.SANDBOX_PORT ?? '4010' },
    host: { type: 'string', default: process.env.SANDBOX_HOST ?? '127.0.0.1' },
    data: { type: 'string', default: '.data/sandbox' },
    memory: { type: 'boolean', default: false },
    seed: { type: 'string', default: 'demo' },
    'public-url': { type: 'string' },
    reservations: { type: 'string' },
    grid: { type: 'string' },
    'busy-day': { type: 'string' },
    'control-token': { type: 'string', default: process.env.SANDBOX_CONTROL_TOKEN || undefined },
    'allowed-hosts': { type: 'string', default: process.env.SANDBOX_ALLOWED_HOSTS ?? '' },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`--port: "${values.port}" is not a port number`);
  process.exit(2);
}
if (values.seed !== 'demo' && values.seed !== 'empty' && !existsSync(values.seed)) {
  console.error(`--seed: "${values.seed}" is not demo, empty or an existing seed file`);
  process.exit(2);
}
const grid = values.grid === undefined ? undefined : parseGridSize(values.grid);
if (grid === null) {
  console.error(
    `--grid: "${values.grid}" is not COMMITMENTSxENTITIES from ${DEMO_GRID.commitments}x${DEMO_GRID.entities} (the demo world's own) up to 100000x1000`,
  );
  process.exit(2);
}
if (grid && values.seed !== 'demo') {
  console.error('--grid grows the demo world; it does not apply to --seed empty or a seed file');
  process.exit(2);
}

if (values['control-token'] !== undefined && values['control-token'].length < 16) {
  console.error('--control-token: use at least 16 characters');
  process.exit(2);
}
const controlToken = values['control-token'] ?? randomBytes(18).toString('base64url');
if (values['control-token'] === undefined)
  console.log(`Sandbox control token (header X-Sandbox-Token for /_sandbox/*): ${controlToken}`);

const sandbox = await startSandbox({
  controlToken,
  allowedHosts: values['allowed-hosts']
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean),
  port,
  host: values.host,
  dataDir: values.data,
  memory: values.memory,
  databaseUrl: process.env.DATABASE_URL || undefined,
  publicUrl: values['public-url'],
  seed: values.seed,
  followsDays: true,
  seedOptions: {
    ...(values.reservations ? { reservations: Number(values.reservations) } : {}),
    ...(grid ? { grid } : {}),
    ...(values['busy-day'] ? { busyDay: Number(values['busy-day']) } : {}),
  },
}).catch((e: unknown) => {
  if (e instanceof SeedFileError) {
    console.error(e.message);
    process.exit(2);
  }
  throw e;
});

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void sandbox.close().then(() => process.exit(0));
  });
}
