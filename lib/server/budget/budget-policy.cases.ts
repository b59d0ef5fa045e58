/**
 * One table of cases for the budget's share rule, checked against memberLimit
 * (request-budget.test.ts) and through a take on a window of each store, in memory and on
 * PostgreSQL (postgres-store.pg.test.ts), so that one process and several follow the same numbers.
 */
import type { RequestLane } from './request-ticket';

export interface MemberLimitCase {
  perMinute: number;
  lane: RequestLane;
  used: number;
  members: number;
  /** the member's share, null while the window is not contended */
  expected: number | null;
}

export const MEMBER_LIMIT_CASES: readonly MemberLimitCase[] = [
  // 900 a minute: shares apply from 675 used; floor 90.
  { perMinute: 900, lane: 'view', used: 674, members: 1, expected: null },
  { perMinute: 900, lane: 'view', used: 675, members: 1, expected: 405 },
  { perMinute: 900, lane: 'write', used: 675, members: 1, expected: 450 },
  { perMinute: 900, lane: 'background', used: 675, members: 1, expected: 225 },
  { perMinute: 900, lane: 'view', used: 800, members: 2, expected: 270 },
  { perMinute: 900, lane: 'view', used: 800, members: 7, expected: 101 },
  { perMinute: 900, lane: 'view', used: 800, members: 9, expected: 90 },
  { perMinute: 900, lane: 'view', used: 800, members: 50, expected: 90 },
  { perMinute: 900, lane: 'write', used: 900, members: 50, expected: 90 },
  { perMinute: 900, lane: 'write', used: 900, members: 5, expected: 150 },
  // 30 a minute (the tests' small windows): shares from 22; floor 3.
  { perMinute: 30, lane: 'view', used: 21, members: 3, expected: null },
  { perMinute: 30, lane: 'view', used: 22, members: 1, expected: 13 },
  { perMinute: 30, lane: 'view', used: 25, members: 2, expected: 9 },
  { perMinute: 30, lane: 'write', used: 25, members: 2, expected: 10 },
  { perMinute: 30, lane: 'background', used: 25, members: 20, expected: 3 },
];
