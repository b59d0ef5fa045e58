import { describe, expect, it } from 'vitest';

import { GuestbookApiError, type TransportCode } from '../../guestbook/errors';
import { BUDGET_WAIT_MAX_MS, budgetWaitMs } from './budget-wait';

const T0 = Date.parse('2026-12-01T18:00:00Z');
const refusal = (code: TransportCode | undefined, retryInMs: number | null, status = 0) =>
  new GuestbookApiError({
    status,
    method: 'GET',
    path: '/v2/reservations',
    code,
    retryAt: retryInMs === null ? undefined : new Date(T0 + retryInMs),
  });

describe('a prepared export and the request budget', () => {
  it('waits when the budget had no room for a page: the partner’s minute spent, the member’s share, a full lane', () => {
    expect(budgetWaitMs(refusal('rate_limited', 42_000, 429), T0)).toBe(42_000);
    expect(budgetWaitMs(refusal('over_share', 9_000), T0)).toBe(9_000);
    expect(budgetWaitMs(refusal('busy', 2_500), T0)).toBe(2_500);
    // a time already past, or nearly: a second, not a tight loop
    expect(budgetWaitMs(refusal('busy', -5_000), T0)).toBe(1_000);
  });

  it('stops for anything else: the API’s refusal of the search, a wait too long or not named, a failure of the network', () => {
    expect(budgetWaitMs(refusal(undefined, null, 422), T0)).toBeNull();
    expect(budgetWaitMs(refusal('rate_limited', BUDGET_WAIT_MAX_MS + 1, 429), T0)).toBeNull();
    expect(budgetWaitMs(refusal('rate_limited', null, 429), T0)).toBeNull();
    expect(budgetWaitMs(refusal('network', 1_000), T0)).toBeNull();
    expect(budgetWaitMs(new Error('boom'), T0)).toBeNull();
  });
});
