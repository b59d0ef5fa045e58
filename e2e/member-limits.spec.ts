import { BOOKING_LIMIT, HOLD_LIMIT } from '../lib/server/http/member-limits';
import { ACTIONS, buildActions } from './action-list';
import { DASHBOARD_URL } from './env';
import { sandboxRequestMark, sandboxRequestsSince } from './sandbox';
import { postAction } from './server-actions';
import { addMember, signedInBrowser } from './staff';
import { expect, test } from './test';

import './reservation-results';

/*
 * A member's holds and bookings are limited per member in the dashboard database: a session sent
 * a burst of concurrent actions, as a script would, gets the limit's refusal for every call past
 * it, and the API sees no more than the limit allows. Another member is not held back, by the
 * limit or by the request budget the burst used.
 */

const PASSWORD = 'a busy evening at the harbour';
const stamp = () => `${Date.now()}.${Math.floor(Math.random() * 1e6)}`;

test('a burst of holds and bookings from one member stops at the per-member limits', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const email = `burst.${stamp()}@demo.test`;
  await addMember(browser, { email, name: 'Burst Operator', role: 'operator', password: PASSWORD });
  const { context, page } = await signedInBrowser(browser, email, PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  const actions = new Map(buildActions().map((a) => [a.key, a]));

  const burst = async (key: string, calls: number) => {
    const action = actions.get(key)!;
    const answers = await Promise.all(
      Array.from({ length: calls }, () =>
        postAction(context.request, `${DASHBOARD_URL}${action.path}`, action.id, [ACTIONS[key]!.input()]).then((r) =>
          r.text(),
        ),
      ),
    );
    return answers.filter((a) => a.includes('the most one member may')).length;
  };

  const mark = await sandboxRequestMark(request);
  expect(await burst('lib/actions/booking.ts#placeHoldAction', HOLD_LIMIT.max + 5)).toBe(5);
  expect(await burst('lib/actions/booking.ts#createBookingAction', BOOKING_LIMIT.max + 5)).toBe(5);
  const sent = await sandboxRequestsSince(request, mark);
  expect(sent.filter((r) => r.method === 'POST' && r.path === '/v2/holds').length).toBeLessThanOrEqual(HOLD_LIMIT.max);
  expect(sent.filter((r) => r.method === 'POST' && r.path === '/v2/reservations').length).toBeLessThanOrEqual(
    BOOKING_LIMIT.max,
  );

  // The page says so, in words.
  const once = await postAction(
    context.request,
    `${DASHBOARD_URL}${actions.get('lib/actions/booking.ts#placeHoldAction')!.path}`,
    actions.get('lib/actions/booking.ts#placeHoldAction')!.id,
    [ACTIONS['lib/actions/booking.ts#placeHoldAction']!.input()],
  );
  expect(await once.text()).toMatch(
    /You have made 60 holds in 15 minutes, the most one member may: try again in 1[45] minutes\./,
  );
  await context.close();

  // Another member's limit is their own.
  const other = `calm.${stamp()}@demo.test`;
  await addMember(browser, { email: other, name: 'Calm Operator', role: 'operator', password: PASSWORD });
  const second = await signedInBrowser(browser, other, PASSWORD);
  await expect(second.page).toHaveURL(/\/$/);
  const action = actions.get('lib/actions/booking.ts#placeHoldAction')!;
  const answer = await postAction(second.context.request, `${DASHBOARD_URL}${action.path}`, action.id, [
    ACTIONS['lib/actions/booking.ts#placeHoldAction']!.input(),
  ]);
  expect(await answer.text()).not.toContain('the most one member may');
  // and the burst's API requests (each hold and booking reads before it writes) leave their pages room.
  await second.page.goto('/reservations?status=confirmed');
  await expect(second.page.getByTestId('result-count')).toHaveText(/^\d[\d,]*$/);
  await second.context.close();
});
