/**
 * The mail catcher as a stand-alone server (catcher.ts): what `npm run demo` and the e2e tests
 * start beside the sandbox, the dashboard's SMTP_URL pointing at it.
 *   tsx lib/mail-catcher/main.ts [--port 4025] [--smtp-port 4026] [--host 127.0.0.1]
 */
import { parseArgs } from 'node:util';

import { startMailCatcher } from './catcher';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4025' },
    'smtp-port': { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
  },
});
const httpPort = Number(values.port);
const smtpPort = values['smtp-port'] === undefined ? httpPort + 1 : Number(values['smtp-port']);
for (const [name, port] of [
  ['--port', httpPort],
  ['--smtp-port', smtpPort],
] as const)
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    console.error(`${name}: not a port number`);
    process.exit(2);
  }

const catcher = await startMailCatcher({ host: values.host, smtpPort, httpPort });
console.log(
  `Mail catcher listening on smtp://${values.host}:${catcher.smtpPort}, its page on http://${values.host}:${catcher.httpPort}`,
);
const stop = () => void catcher.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
