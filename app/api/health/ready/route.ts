import { readiness } from '@/lib/server/ops';

/**
 * GET /api/health/ready: the dashboard database answers, the token service answers, and the API
 * answers GET /v2/identities/me. 200 with each check's outcome; 503 naming the failing checks.
 * Public (no session): the body holds check names and short outcomes only, never an address,
 * an identity or an error's text. Probes within 5 s share one answer (the API check costs one
 * request from the budget).
 */
export const dynamic = 'force-dynamic';

export async function GET(): Promise<Response> {
  const { ready, checks, failing } = await readiness();
  return Response.json(ready ? { status: 'ready', checks } : { status: 'not ready', failing, checks }, {
    status: ready ? 200 : 503,
    headers: { 'Cache-Control': 'no-store' },
  });
}
