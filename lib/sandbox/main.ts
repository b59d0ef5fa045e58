/**
 * The Guest Book sandbox as a stand-alone server.
 *   npm run sandbox -- [--port 4010] [--host 127.0.0.1] [--data .data/sandbox | --memory] [--public-url URL]
 * SANDBOX_DATABASE_URL keeps the world in PostgreSQL instead of the embedded database.
 */
import { parseArgs } from 'node:util';
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
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`--port: "${values.port}" is not a port number`);
  process.exit(2);
}
if (values.seed !== 'demo' && values.seed !== 'empty') {
  console.error(`--seed: "${values.seed}" is not demo or empty`);
  process.exit(2);
}

const sandbox = await startSandbox({
  port,
  host: values.host,
  dataDir: values.data,
  memory: values.memory,
  databaseUrl: process.env.SANDBOX_DATABASE_URL || undefined,
  publicUrl: values['public-url'],
  seed: values.seed,
  seedOptions: values.reservations ? { reservations: Number(values.reservations) } : undefined,
});

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void sandbox.close().then(() => process.exit(0));
  });
}
