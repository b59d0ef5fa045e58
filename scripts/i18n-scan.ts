/** Lists the user-visible literals left in components: `npm run i18n:scan [-- app/account …]`. */
import { scan } from '@/lib/i18n/scan';

function main() {
  const found = scan(process.argv.slice(2).length ? process.argv.slice(2) : undefined);
  for (const line of found) console.log(line);
  console.log(`${found.length} literal(s)`);
  process.exitCode = found.length ? 1 : 0;
}

main();
