/**
 * Runs once as a server process started by Next.js itself (`next start`) starts: a production
 * start that fails its checks (lib/server/ops/start-checks.ts) stops the process, saying why.
 * `npm start` (scripts/server.ts) runs the same checks before Next.js loads.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const [{ productionStartChecks }, { getConfig }, { getDb }] = await Promise.all([
    import('./lib/server/ops/start-checks'),
    import('./lib/server/config'),
    import('./lib/server/db'),
  ]);
  try {
    await productionStartChecks(getConfig(), getDb);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
