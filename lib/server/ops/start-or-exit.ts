/**
 * instrumentation.ts's part on the Node.js runtime: the production start checks on this
 * process's configuration and database; a start they refuse ends the process, saying why.
 */
import { getConfig } from '../config';
import { getDb } from '../db';
import { productionStartChecks } from './start-checks';

export async function checkStartOrExit(): Promise<void> {
  try {
    await productionStartChecks(getConfig(), getDb);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
