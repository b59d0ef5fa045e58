import { buildActions } from './action-list';
import { defaultEntity, partner } from './demo-world';
import { DASHBOARD_URL, STORAGE } from './env';
import { sandboxApi, upcomingConfirmed, type SandboxReservation } from './sandbox';
import { postAction } from './server-actions';
import { expect, test } from './test';

/*
 * A change held for its Undo's window is its member's to withdraw, and no one else's: another
 * member who learned its id, a viewer, and a page of another origin riding the member's own
 * cookie all post the withdrawal at once, and the change still reaches Guest Book when its
 * window ends.
 */

const read = async (request: Parameters<typeof sandboxApi>[0], id: string) =>
  ((await sandboxApi(request, `/v2/reservations/${id}`, partner, defaultEntity)) as { data: SandboxReservation }).data;

test('a held change withdrawn at once by another member, a viewer and a foreign page with its member’s cookie is still sent', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const actions = buildActions();
  const action = (name: string) => actions.find((a) => a.key === `lib/actions/reservations.ts#${name}`)!;
  const [hold, withdraw] = [action('holdReservationChangeAction'), action('withdrawReservationChangeAction')];
  const [owner, admin, viewer] = await Promise.all(
    [STORAGE.operator, STORAGE.admin, STORAGE.viewer].map((storageState) => browser.newContext({ storageState })),
  );
  try {
    const [, , , target] = await upcomingConfirmed(request, 5);
    expect(target, 'a fourth confirmed upcoming reservation in the sandbox').toBeTruthy();
    const notes = `Held against the others ${Date.now()}`;

    // The owner's change, held: its id is what the attackers send.
    const held = await postAction(owner!.request, `${DASHBOARD_URL}${hold.path}`, hold.id, [
      { id: target!.id, changes: { notes }, expected: { notes: target!.notes } },
    ]);
    const heldId = /"held":"([0-9a-f-]{36})"/.exec(await held.text())?.[1];
    expect(heldId, 'the change is held').toBeTruthy();

    const post = (context: typeof owner, origin?: string) =>
      postAction(context!.request, `${DASHBOARD_URL}${withdraw.path}`, withdraw.id, [{ held: heldId }], {
        origin,
      }).then(async (res) => `${res.status()} ${await res.text()}`);
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, () => post(admin)),
      ...Array.from({ length: 3 }, () => post(viewer)),
      ...Array.from({ length: 3 }, () => post(owner, 'https://evil.example')),
    ]);
    for (const answer of answers) expect(answer).not.toContain('"ok":true');
    expect(answers.slice(0, 6).every((a) => a.includes('has already been sent to the guest'))).toBe(true);

    // Nothing was withdrawn: the change reaches Guest Book once its window has ended.
    await expect.poll(async () => (await read(request, target!.id)).notes, { timeout: 45_000 }).toBe(notes);
  } finally {
    await Promise.all([owner, admin, viewer].map((c) => c!.close()));
  }
});
