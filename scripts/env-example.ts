/** `npm run env:example`: writes `.env.example` from the configuration schema (lib/server/config/config-core.ts). */
import { writeFileSync } from 'node:fs';

import { envExample } from '../lib/server/config/config-core';

function main() {
  writeFileSync('.env.example', envExample());
  console.log('Wrote .env.example.');
}

main();
