/**
 * `npm run build`: the production build (`next build`). Skipped
 * when .next already holds a build of the same inputs (scripts/build-inputs.ts); `--force`
 * builds anyway. `--typechecked` (npm test, after `npm run typecheck` passed) skips Next's own
 * TypeScript pass, the same check a second time.
 */
import { buildUnlessUpToDate } from './processes';

buildUnlessUpToDate({
  force: process.argv.includes('--force'),
  env: process.argv.includes('--typechecked') ? { DASHBOARD_TYPECHECKED: '1' } : {},
}).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
