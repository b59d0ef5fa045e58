/** Test fixture: takes the advisory locks of argv[3..] on argv[2]'s database, says "held", then waits to be killed. */
import { AdvisoryLock } from './advisory-lock';

const [url, ...keys] = process.argv.slice(2);
const lock = new AdvisoryLock(url!);
void lock.run(keys, async () => {
  process.stdout.write('held\n');
  await new Promise(() => undefined);
});
