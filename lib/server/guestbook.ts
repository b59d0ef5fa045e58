import 'server-only';
import { createGuestbookClient, type GuestbookClient } from '../guestbook';
import { getConfig } from './config';

const globalForClient = globalThis as unknown as { guestbookClient?: GuestbookClient };

/**
 * The process-wide API client: one token cache and one rate-limit budget shared by every
 * request this server handles. Holds the client secret; never leaves lib/server.
 */
export function getApiClient(): GuestbookClient {
  if (!globalForClient.guestbookClient) {
    const { api } = getConfig();
    globalForClient.guestbookClient = createGuestbookClient({
      baseUrl: api.baseUrl,
      authUrl: api.authUrl,
      audience: api.audience,
      clientId: api.clientId,
      clientSecret: api.clientSecret,
      verifyTokens: api.verifyTokens,
    });
  }
  return globalForClient.guestbookClient;
}
