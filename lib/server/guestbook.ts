import 'server-only';
import { createGuestbookClient, type GuestbookClient } from '../guestbook';
import { getConfig } from './config';
import { PostgresBudgetWindow } from './coordination/shared-budget';

const globalForClient = globalThis as unknown as { guestbookClient?: GuestbookClient };

/**
 * The process-wide API client: one token cache and one rate-limit budget shared by every
 * request this server handles (and, on PostgreSQL, by every process of the deployment). Holds the client secret; never leaves lib/server.
 */
export function getApiClient(): GuestbookClient {
  if (!globalForClient.guestbookClient) {
    const { api, databaseUrl } = getConfig();
    globalForClient.guestbookClient = createGuestbookClient({
      baseUrl: api.baseUrl,
      authUrl: api.authUrl,
      audience: api.audience,
      clientId: api.clientId,
      clientSecret: api.clientSecret,
      verifyTokens: api.verifyTokens,
      // On PostgreSQL the 900 a minute are for every process together; the embedded database
      // serves one process, whose own count needs no round trip.
      ...(databaseUrl ? { sharedBudget: new PostgresBudgetWindow(databaseUrl, api.clientId) } : {}),
    });
  }
  return globalForClient.guestbookClient;
}
