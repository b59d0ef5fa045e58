/** The demo partner's credentials on a sandbox, as the dashboard holds them: for scripts that read the API themselves. */
import { Secret, TokenManager } from '../lib/guestbook';
import { DEMO_PARTNER } from '../lib/sandbox/seed/demo';

/** A GuestbookClient of the demo partner on the sandbox at `sandboxUrl`. */
export { partnerClient } from '../lib/sandbox/testing';

const credentials = (sandboxUrl: string) => ({
  authUrl: sandboxUrl,
  audience: `${sandboxUrl}/`,
  clientId: DEMO_PARTNER.clientId,
  clientSecret: new Secret(DEMO_PARTNER.clientSecret),
});

/**
 * A bearer token of the demo partner (bound to `organization` when given), for requests sent
 * without the client: where the client's own budget, retries and parsing would be measured too.
 */
export async function partnerBearer(sandboxUrl: string, organization?: string): Promise<{ authorization: string }> {
  const tokens = new TokenManager({
    ...credentials(sandboxUrl),
    fetch,
    now: Date.now,
    verifyTokens: false,
    timeoutMs: 15_000,
  });
  const { token } = await tokens.get(organization);
  return { authorization: `Bearer ${token.reveal()}` };
}
