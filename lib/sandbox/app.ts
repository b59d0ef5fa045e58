import { Hono } from 'hono';

import { docsRoutes } from './docs';
import { problemResponse } from './http';
import { newId } from './ids';
import { openApiDocument } from './openapi';
import { ApiProblem, notFound } from './problem';
import { bearerAuth } from './routes/auth';
import { availabilityRoutes } from './routes/availability';
import { commitmentRoutes } from './routes/commitments';
import { routeContext } from './routes/context';
import { controlGuard } from './routes/control-guard';
import { controlRoutes } from './routes/controls';
import { entityRoutes } from './routes/entities';
import { identityRoutes } from './routes/identities';
import { reservationRoutes } from './routes/reservations';
import { tokenRoutes } from './routes/token';
import { venueRoutes } from './routes/venues';
import type { Env, SandboxState } from './state';
import { iso } from './world';

export type { Caller, SandboxContext, SandboxState } from './state';

/** The sandbox HTTP application: token service, JWKS, /v2 and the /_sandbox controls on one origin. */
export function createSandboxApp(state: SandboxState): Hono<Env> {
  const app = new Hono<Env>();
  const { world } = state;

  app.use('*', async (c, next) => {
    const requestId = newId();
    c.set('requestId', requestId);
    const url = new URL(c.req.url);
    const started = performance.now();
    const entry = state.requests.add({
      method: c.req.method,
      path: url.pathname,
      query: url.search,
      at: iso(world.now()),
      started_ms: performance.timeOrigin + started,
      user_agent: c.req.header('user-agent'),
    });
    if (!url.pathname.startsWith('/_sandbox') && (await state.faults.before(c.req.method, url.pathname)) === 'drop') {
      // An injected dropped connection: the client sees the socket close with no response.
      (c.env as { outgoing?: { destroy(): void } } | undefined)?.outgoing?.destroy();
      return;
    }
    if (state.followDay?.()) await state.flush();
    await next();
    await state.flush();
    entry.status = c.res.status;
    const caller = c.get('caller');
    entry.client_id = caller?.credential.client_id;
    if (caller) entry.context = caller.claims.org_id ?? c.req.header('x-entity-id') ?? null;
    entry.duration_ms = Math.round((performance.now() - started) * 100) / 100;
    c.res.headers.set('x-request-id', requestId);
    // Spec: "Rate-limit headers on every response", refusals included (a 401 has no client to count).
    for (const [k, v] of Object.entries(c.get('rateHeaders') ?? {})) c.res.headers.set(k, v);
  });

  app.onError((err, c) => {
    if (err instanceof ApiProblem) return problemResponse(c, err);
    world.takeChanges(); // a failed request persists nothing
    console.error(
      `sandbox: ${c.req.method} ${new URL(c.req.url).pathname} failed:`,
      err instanceof Error ? err.message : err,
    );
    return problemResponse(c, new ApiProblem(500, 'The sandbox failed to handle the request.'));
  });

  app.notFound((c) => problemResponse(c, notFound(`No route ${c.req.method} ${new URL(c.req.url).pathname}.`)));

  const routes = routeContext(app, state);
  tokenRoutes(routes);
  app.get('/openapi.json', (c) => c.json(openApiDocument(state.publicUrl)));
  docsRoutes(app, state);
  bearerAuth(routes);
  identityRoutes(routes);
  entityRoutes(routes);
  commitmentRoutes(routes);
  venueRoutes(routes);
  availabilityRoutes(routes);
  reservationRoutes(routes);
  controlGuard(routes);
  controlRoutes(routes);
  return app;
}
