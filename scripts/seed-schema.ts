/** Writes lib/sandbox/seed/seed.schema.json from the SeedFile zod schema (a test checks it is current). */
import { writeFileSync } from 'node:fs';

import { seedJsonSchema } from '../lib/sandbox/seed/file';

writeFileSync('lib/sandbox/seed/seed.schema.json', `${JSON.stringify(seedJsonSchema(), null, 2)}\n`);
console.log('wrote lib/sandbox/seed/seed.schema.json');
