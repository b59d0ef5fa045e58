/**
 * `npm run typecheck`: Next's route types first (`next typegen`, as `next build` writes them),
 * then tsc over the whole project with them, so that this one check covers what the build's own
 * TypeScript pass would (`npm test` then builds with `--typechecked` and skips that pass).
 */
import { NEXT_BIN, run } from './processes';

const code =
  (await run(process.execPath, [NEXT_BIN, 'typegen'], { NEXT_TELEMETRY_DISABLED: '1' })) ||
  (await run(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit']));
process.exit(code);
