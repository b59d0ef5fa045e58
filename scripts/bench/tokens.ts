/** Token requests over simulated days of use, with the dashboard's own client. */
import { sandboxControls } from '../../lib/sandbox/control-client';
import { DEMO_PARTNER } from '../../lib/sandbox/seed/demo';
import { startSandbox } from '../../lib/sandbox/server';
import { partnerClient } from '../partner-client';
import { round } from '../stats';
import { liftRateLimit } from './throughput';

/**
 * The dashboard's client, with a clock that runs ahead of the wall clock (the sandbox's is moved
 * with it), calls the API as a busy console would (one call every 30 simulated seconds, rotating
 * over every entity's organization).
 */
export async function tokenEconomy(simulatedHours = 50) {
  console.log(`\n━━ token economy (${simulatedHours} simulated hours)`);
  const sandbox = await startSandbox({ port: 0, memory: true, quiet: true });
  liftRateLimit(sandbox);
  let now = Date.now();
  const client = partnerClient(sandbox.url, { verifyTokens: true, now: () => now });
  const entities = (await client.listEntities({ limit: 100 })).data.map((e) => ({ id: e.id, org_id: e.org_id }));
  const organizations = new Set(entities.map((e) => e.org_id ?? '(default)')).size;
  const stepS = 30;
  const steps = (simulatedHours * 3600) / stepS;
  for (let i = 0; i < steps; i++) {
    now += stepS * 1000;
    await sandboxControls(sandbox.url, { token: sandbox.controlToken }).setClock({ now: new Date(now).toISOString() });
    await client.asEntity(entities[i % entities.length]!).listCommitments({ limit: 1 });
  }
  const lifetimeS = sandbox.state.world.data.credentials.get(DEMO_PARTNER.clientId)!.token_lifetime_seconds;
  const requested = client.tokenStats.requested;
  const ideal = organizations * Math.ceil((simulatedHours * 3600) / lifetimeS);
  await sandbox.close();
  const result = {
    simulated_hours: simulatedHours,
    api_calls: steps,
    organizations,
    token_lifetime_hours: round(lifetimeS / 3600, 1),
    token_requests: requested,
    token_requests_per_hour: round(requested / simulatedHours, 2),
    token_requests_per_organization_per_lifetime: round(
      requested / organizations / ((simulatedHours * 3600) / lifetimeS),
      2,
    ),
    minimum_possible: ideal,
  };
  console.log(
    `  ${steps} API calls over ${organizations} organizations: ${requested} token requests (${result.token_requests_per_hour}/h; the minimum is ${ideal})`,
  );
  return result;
}
