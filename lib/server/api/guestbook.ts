import 'server-only';

import { createGuestbookClient, type GuestbookClient } from '../../guestbook';
import { budgetGate, currentRequestTicket, PostgresBudgetStore, RequestBudget } from '../budget';
import { getConfig } from '../config';
import { logger } from '../log';
import { processWide } from '../process-wide';

/**
 * The process-wide API client: one token cache and one rate-limit budget shared by every
 * request this server handles (and, on PostgreSQL, by every process of the deployment). Holds the client secret; never leaves lib/server.
 */
export function getApiClient(): GuestbookClient {
  return processWide('the API client with its tokens and request budget', () => {
    const { api, databaseUrl } = getConfig();
    const client: GuestbookClient = createGuestbookClient({
      baseUrl: api.baseUrl,
      authUrl: api.authUrl,
      audience: api.audience,
      clientId: api.clientId,
      clientSecret: api.clientSecret,
      verifyTokens: api.verifyTokens,
      budget: budgetGate(
        // On PostgreSQL the minute's requests (900 unless configured) are for every process together; the embedded database
        // serves one process, whose own count needs no round trip.
        new RequestBudget(
          api.requestsPerMinute,
          Date.now,
          (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
          databaseUrl ? new PostgresBudgetStore(databaseUrl, api.clientId) : undefined,
        ),
        {
          // Each API request is budgeted to the lane and member of the dashboard request it serves.
          ticket: currentRequestTicket,
          // A staff member waits at most 10 s for room in the budget: beyond, the page or the change
          // says when to try again (nothing is sent), instead of hanging.
          maxLaneWaitMs: 10_000,
          // A page view waits for the budget at most 1.5 s from when it arrived, all its reads
          // together, so that it answers within 2 s: a page the budget has no room for soon says so,
          // with the time to try again, and leaves the room to the changes waiting for it.
          maxViewWaitMs: 1_500,
        },
      ),
      // One line per API response, with the id of the request that caused it (logger.ts):
      // method, path without query, status, duration, the wait for the budget before it and the
      // budget left; no header, no body.
      onResponse: ({ method, path, status, durationMs, budgetWaitMs, attempt }) => {
        const budget = client.budget;
        logger.info(
          {
            api: {
              method,
              path: path.split('?')[0],
              status,
              durationMs: Math.round(durationMs),
              budgetWaitMs: Math.round(budgetWaitMs),
              attempt,
              budgetLeft: budget.perMinute - budget.used,
            },
          },
          'api call',
        );
      },
    });
    return client;
  });
}
