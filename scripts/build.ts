/** `npm run build`: the production build, with the compile hint on the startup chunks. */
import { nextBuild } from './processes';

nextBuild().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
