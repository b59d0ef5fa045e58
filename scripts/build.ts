/**
 * `npm run build`: the production build, with the compile hint on the startup chunks. Skipped
 * when .next already holds a build of the same inputs (scripts/build-inputs.ts); `--force`
 * builds anyway. `--typechecked` (npm test, after `npm run typecheck` passed) skips Next's own
 * TypeScript pass, the same check a second time.
 */
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { BUILD_INPUTS_FILE, buildInputsHash, buildIsUpToDate } from './build-inputs';
import { nextBuild } from './processes';

async function main() {
  const root = path.resolve(import.meta.dirname, '..');
  const hash = buildInputsHash(root);
  if (!process.argv.includes('--force') && buildIsUpToDate(root, hash)) {
    console.log(`The production build in .next is up to date (inputs ${hash.slice(0, 12)}): not rebuilt.`);
    return;
  }
  rmSync(path.join(root, BUILD_INPUTS_FILE), { force: true });
  await nextBuild(process.argv.includes('--typechecked') ? { DASHBOARD_TYPECHECKED: '1' } : {});
  writeFileSync(path.join(root, BUILD_INPUTS_FILE), `${hash}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
