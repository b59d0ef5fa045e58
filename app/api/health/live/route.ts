/**
 * GET /api/health/live: the process runs and serves requests. Public (no session): it reads
 * nothing and says nothing of the configuration.
 */
export const dynamic = 'force-dynamic';

export function GET(): Response {
  return Response.json({ status: 'live' }, { headers: { 'Cache-Control': 'no-store' } });
}
