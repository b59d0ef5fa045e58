import { ReleaseHoldInputSchema } from '@/lib/booking/schemas';
import { readBodyLimited, staffRoute } from '@/lib/server/http';
import { releaseHoldFor } from '@/lib/server/reservations';

/**
 * POST /api/holds/{id}/release with `{entityId, reason}`: releases a hold when the booking form
 * is left (navigation, or the tab closed: `navigator.sendBeacon`, which sends the session
 * cookie and the page's Origin). Guarded like every route: same origin, session, operator role,
 * then the body (at most 1 kB, as text: a beacon cannot set a JSON content type cross-browser).
 */
export const POST = staffRoute(
  { name: 'release-hold', role: 'operator', input: ReleaseHoldInputSchema, mutates: true },
  async (request: Request, ctx: { params: Promise<{ id: string }> }) => {
    const { id } = await ctx.params;
    const text = new TextDecoder().decode(await readBodyLimited(request, 1024, 'request'));
    const body = JSON.parse(text) as Record<string, unknown>;
    return { ...body, holdId: id };
  },
  async (input, ctx) => releaseHoldFor(input, ctx),
);
