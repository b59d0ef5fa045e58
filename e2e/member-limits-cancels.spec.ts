import { CANCELS_AT_ONCE, RESERVATION_CONTACT_LIMIT } from '../lib/server/http/member-limits';
import de from '../messages/de.json' with { type: 'json' };
import { buildActions } from './action-list';
import { defaultEntity, partner } from './demo-world';
import { DASHBOARD_URL } from './env';
import { sandboxApi, sandboxRequestMark, sandboxRequestsSince, type SandboxReservation } from './sandbox';
import { actionHeaders } from './server-actions';
import { addMember, signedInBrowser } from './staff';
import { expect, test } from './test';

/*
 * Cancels and guest changes e-mail guests: one member's session, used by a script, sends forty
 * cancels at once and one reservation's guest e-mail changed again and again. The cancels past the
 * few a member may have under way are refused before the API is called; the guest e-mail past the
 * reservation's limit too, with the refusal in the member's language.
 */

const PASSWORD = 'a quiet night of cancellations';
const stamp = () => `${Date.now()}.${Math.floor(Math.random() * 1e6)}`;
const AT_ONCE = 40;

test('forty concurrent cancels from one member are refused past the few under way; a guest e-mail changed again and again is refused past its limit', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const email = `canceler.${stamp()}@demo.test`;
  await addMember(browser, { email, name: 'Busy Canceler', role: 'operator', password: PASSWORD });
  const { context, page } = await signedInBrowser(browser, email, PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const actions = new Map(buildActions().map((a) => [a.key, a]));
  const send = async (name: string, input: unknown, language = 'en') => {
    const action = actions.get(`lib/actions/reservations.ts#${name}`)!;
    const res = await fetch(`${DASHBOARD_URL}${action.path}`, {
      method: 'POST',
      headers: { ...actionHeaders(action.id, DASHBOARD_URL), Cookie: cookie, 'Accept-Language': language },
      body: JSON.stringify([input]),
    });
    return res.text();
  };

  // Forty confirmed reservations, away from the start and the end of the list other specs use.
  const listed = (await sandboxApi(
    request,
    `/v2/reservations?status=confirmed&limit=50&page=3`,
    partner,
    defaultEntity,
  )) as {
    data: SandboxReservation[];
  };
  const [target, ...rest] = listed.data;
  const ids = rest.slice(0, AT_ONCE).map((r) => r.id);
  expect(ids).toHaveLength(AT_ONCE);

  const mark = await sandboxRequestMark(request);
  const answers = await Promise.all(ids.map((id) => send('cancelReservationAction', { id })));
  const canceled = answers.filter((a) => a.includes('"status":"canceled"')).length;
  const refused = answers.filter((a) => a.includes(`You already have ${CANCELS_AT_ONCE.max} cancellations under way`));
  console.log(`${AT_ONCE} cancels at once: ${canceled} canceled, ${refused.length} refused`);
  expect(canceled + refused.length).toBe(AT_ONCE);
  // How many come in while three are under way depends on the machine's pace; none refused is the attack.
  expect(refused.length).toBeGreaterThan(0);
  const sent = (await sandboxRequestsSince(request, mark)).filter(
    (r) => r.method === 'POST' && /\/v2\/reservations\/[^/]+\/cancel$/.test(r.path),
  );
  expect(sent).toHaveLength(canceled);

  // One reservation's guest e-mail, changed again and again as a script would.
  const changes: string[] = [];
  for (let i = 0; i < RESERVATION_CONTACT_LIMIT.max + 2; i++)
    changes.push(
      await send('updateReservationAction', {
        id: target!.id,
        changes: { guest: { email: `elsewhere.${i}@example.com` } },
      }),
    );
  const limited = changes.filter((a) => a.includes("This reservation's guest contact details have been changed"));
  expect(limited).toHaveLength(2);
  expect(changes.slice(0, RESERVATION_CONTACT_LIMIT.max).every((a) => a.includes('"ok":true'))).toBe(true);
  const final = (await sandboxApi(request, `/v2/reservations/${target!.id}`, partner, defaultEntity)) as {
    data: SandboxReservation;
  };
  expect(final.data.guest.email).toBe(`elsewhere.${RESERVATION_CONTACT_LIMIT.max - 1}@example.com`);
  // In the member's language (German, as their browser asks): the German catalog's sentence.
  expect(de.errors.reservationContactLimit).toContain('Die Kontaktdaten des Gastes dieser Reservierung');
  const german = await send(
    'updateReservationAction',
    { id: target!.id, changes: { guest: { email: 'again@example.com' } } },
    'de-DE,de;q=0.9',
  );
  expect(german).toContain('Die Kontaktdaten des Gastes dieser Reservierung wurden in 60 Minuten 3-mal geändert');
  // A change of the notes alone is not held by it.
  expect(await send('updateReservationAction', { id: target!.id, changes: { notes: 'window table' } })).toContain(
    '"ok":true',
  );
  await context.close();
});
