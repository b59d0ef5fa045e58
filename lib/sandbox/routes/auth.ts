import { assertNotSuspended, identityOf } from '../identities';
import { ApiProblem } from '../problem';
import type { TokenClaims } from '../signing';
import type { Routes } from './context';

/** The rate limit of credentials a token names but the world no longer has. */
const DEFAULT_RATE_LIMIT = 1_000;

/** Every /v2 request: bearer verification, the rate limit, the caller, suspension. */
export function bearerAuth({ app, state, world }: Routes): void {
  const audience = () => `${state.publicUrl}/`;
  app.use('/v2/*', async (c, next) => {
    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
    const unauthorized = (detail: string) =>
      new ApiProblem(401, detail, undefined, {
        'www-authenticate': `Bearer error="invalid_token", error_description="${detail.replace(/"/g, "'")}"`,
      });
    if (!match)
      throw new ApiProblem(401, 'A bearer token is required.', undefined, {
        'www-authenticate': 'Bearer realm="guestbook"',
      });
    let claims: TokenClaims;
    try {
      claims = await state.signer.verify(match[1]!, {
        issuer: state.publicUrl,
        audience: audience(),
        now: world.now(),
      });
    } catch (e) {
      const code = (e as { code?: string }).code;
      throw unauthorized(
        code === 'ERR_JWT_EXPIRED'
          ? 'The access token has expired.'
          : code === 'ERR_JWT_CLAIM_VALIDATION_FAILED'
            ? 'The access token was not issued for this API.'
            : 'The access token is not valid.',
      );
    }
    const credential = world.data.credentials.get(claims.azp);
    // Counted before anything else can refuse the request, so every answer from here on tells
    // the client its budget (the outer middleware sets these headers on errors too).
    const limitPerMinute = credential?.rate_limit_per_minute ?? DEFAULT_RATE_LIMIT;
    const limit = state.faults.rateLimitStorm ? 0 : limitPerMinute;
    const window = state.requests.rateWindow(claims.azp, world.now(), state.faults.rateLimitWindowS);
    const headers = {
      'x-ratelimit-limit': String(limitPerMinute),
      'x-ratelimit-remaining': String(Math.max(0, limit - window.count)),
      'x-ratelimit-reset': String(window.reset),
    };
    c.set('rateHeaders', headers);
    if (window.count > limit) {
      throw new ApiProblem(
        429,
        `Rate limit of ${limitPerMinute} requests per minute exceeded; the window resets at ${new Date(window.reset * 1000).toISOString()}.`,
        undefined,
        {
          'retry-after': String(Math.max(1, window.reset - Math.floor(world.now().getTime() / 1000))),
        },
      );
    }
    // Spec, "Errors": 404 when "the calling identity cannot be resolved" (a validly signed token
    // whose credentials or identity a reset removed).
    const identity = identityOf(world, claims.azp);
    c.set('caller', {
      credential: credential!,
      identity,
      claims,
      scopes: new Set(String(claims.scope ?? '').split(' ')),
    });
    const path = new URL(c.req.url).pathname;
    if (path !== '/v2/identities/me') assertNotSuspended(world, identity);
    await next();
  });
}
