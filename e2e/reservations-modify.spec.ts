import { defaultEntity, partner, today } from './demo-world';
import { STORAGE } from './env';
import { sandboxApi, sandboxControl, sandboxPatchReservation, type SandboxReservation } from './sandbox';
import { expect, test, type APIRequestContext } from './test';

const entity = defaultEntity;

interface CommitmentRow {
  days_of_week?: number[];
  entity_seats: number | null;
  unallocated_seats: number;
}

const list = async (request: APIRequestContext, query: string) =>
  ((await sandboxApi(request, `/v2/reservations?${query}`, partner, entity)) as { data: SandboxReservation[] }).data;
const read = async (request: APIRequestContext, id: string) =>
  ((await sandboxApi(request, `/v2/reservations/${id}`, partner, entity)) as { data: SandboxReservation }).data;
const withoutUpdatedAt = ({ updated_at: _u, ...rest }: SandboxReservation) => rest;
const isoDay = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/**
 * A confirmed upcoming reservation whose commitment covers its own date and cannot seat 50 for
 * this entity, so that asking for 50 guests is refused for the seats (not for the day).
 */
async function reservationShortOfSeats(request: APIRequestContext, except: string): Promise<SandboxReservation> {
  for (const r of await list(request, `status=confirmed&date[gte]=${today()}&limit=50`)) {
    if (r.id === except || !r.program_id) continue;
    const rows = (
      (await sandboxApi(
        request,
        `/v2/commitments?status=assigned&status=unassigned&venue_id=${r.venue_id}&program_id=${r.program_id}`,
        partner,
        entity,
      )) as { data: CommitmentRow[] }
    ).data;
    const c = rows[0];
    if (
      rows.length === 1 &&
      c &&
      c.days_of_week?.includes(isoDay(r.date)) &&
      (c.entity_seats ?? 0) + c.unallocated_seats < 50
    )
      return r;
  }
  throw new Error('no confirmed upcoming reservation short of 50 seats in the sandbox');
}

test.describe('as an operator', () => {
  test.use({ storageState: STORAGE.operator });

  test('change notes and locale: the API holds exactly those two changes and the guest is e-mailed in the new locale', async ({
    page,
    request,
  }) => {
    // One no earlier test changed (each change e-mails the guest): this test counts its own mail and audit row.
    const outboxBefore = (await sandboxControl(request, 'GET', '/_sandbox/outbox')) as {
      data: { kind: string; reservation_id: string }[];
    };
    const changed = new Set(outboxBefore.data.filter((m) => m.kind === 'modification').map((m) => m.reservation_id));
    const target = (await list(request, `status=confirmed&date[gte]=${today()}&limit=20`)).find(
      (r) => !changed.has(r.id),
    );
    expect(target, 'a confirmed upcoming reservation in the sandbox, not changed yet').toBeTruthy();
    const before = await read(request, target!.id);
    const locale = before.locale === 'ja-JP' ? 'ko-KR' : 'ja-JP';
    const notes = `Modified by e2e ${Date.now()}`;

    await page.goto(`/reservations/${before.id}`);
    await page.getByRole('button', { name: 'Modify reservation' }).click();
    const form = page.getByTestId('modify-form');
    await expect(form.getByLabel('Party size')).toHaveValue(String(before.party_size));
    await expect(form.getByLabel('Date')).toHaveValue(before.date);
    await expect(form.getByLabel('Time')).toHaveValue(before.time);
    await expect(form.getByLabel('Language')).toHaveValue(before.locale);
    await expect(form.getByLabel('E-mail')).toHaveValue(before.guest.email);

    // unchanged: nothing is sent
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByTestId('modify-nothing')).toHaveText('Nothing changed.');
    expect(await read(request, before.id)).toEqual(before);

    await form.getByLabel('Notes').fill(notes);
    await form.getByLabel('Language').selectOption(locale);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByTestId('modify-saved')).toHaveText('Saved.');
    await expect(page.getByTestId('modify-error')).toHaveCount(0);
    await expect(page.getByTestId('field-notes')).toHaveText(notes);
    await expect(page.getByTestId('field-locale')).toContainText(`(${locale})`);

    const after = await read(request, before.id);
    expect(withoutUpdatedAt(after)).toEqual(withoutUpdatedAt({ ...before, notes, locale }));

    const outbox = (await sandboxControl(request, 'GET', '/_sandbox/outbox')) as {
      data: { kind: string; locale: string; reservation_id: string }[];
    };
    const mails = outbox.data.filter((m) => m.kind === 'modification' && m.reservation_id === before.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.locale).toBe(locale);

    // the staff audit log holds one row with the old and new values of exactly the changed fields
    await page.goto('/activity?action=update-reservation&staff=operator%40demo.test&result=ok');
    const row = page.getByTestId('activity-row').filter({ has: page.locator(`[data-record="${before.id}"]`) });
    await expect(row).toHaveCount(1);
    const audit = JSON.parse((await row.locator('pre').textContent())!) as unknown;
    expect(audit).toEqual({ before: { notes: before.notes, locale: before.locale }, after: { notes, locale } });
  });

  test('a change of the notes waits out its Undo on the server: undone within it, nothing reaches Guest Book or the guest; kept, it is sent once, with one e-mail, after the tab closed', async ({
    page,
    context,
    request,
  }) => {
    const [, , target] = await list(request, `status=confirmed&date[gte]=${today()}&limit=5`);
    expect(target, 'a third confirmed upcoming reservation in the sandbox').toBeTruthy();
    const before = await read(request, target!.id);
    const mails = async () =>
      (
        (await sandboxControl(request, 'GET', '/_sandbox/outbox')) as {
          data: { kind: string; reservation_id: string }[];
        }
      ).data.filter((m) => m.kind === 'modification' && m.reservation_id === before.id).length;
    const mailed = await mails();
    const notes = `Window table, by e2e ${Date.now()}`;

    await page.goto(`/reservations/${before.id}`);
    await page.getByRole('button', { name: 'Modify reservation' }).click();
    const form = page.getByTestId('modify-form');
    await form.getByLabel('Notes').fill(notes);
    await form.getByRole('button', { name: 'Save changes' }).click();
    // The page shows the change as made, and when the guest is told of it; Guest Book holds nothing yet.
    await expect(page.getByTestId('field-notes')).toHaveText(notes);
    await expect(page.getByTestId('held-notice')).toContainText('the guest is e-mailed it at');
    expect(await read(request, before.id)).toEqual(before);

    const toast = page.getByRole('listitem').filter({ hasText: 'Reservation saved' });
    await expect(toast).toContainText('unless you undo it');
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('Undone: the earlier values are back.')).toBeVisible();
    await expect(form.getByLabel('Notes')).toHaveValue(before.notes ?? '');
    await expect(page.getByTestId('held-notice')).toHaveCount(0);
    await expect(page.getByTestId('field-notes')).toHaveText(before.notes || '—');
    // Past the end of its window (12 s): nothing was sent, and the guest was e-mailed nothing.
    await page.waitForTimeout(13_000);
    expect(await read(request, before.id)).toEqual(before);
    expect(await mails()).toBe(mailed);

    // Saved again and kept: the tab closes at once, and the change is sent when its window ends, once.
    await form.getByLabel('Notes').fill(`${notes}, kept`);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByTestId('held-notice')).toBeVisible();
    await page.close();
    await expect
      .poll(async () => (await read(request, before.id)).notes, { timeout: 30_000, intervals: [1_000] })
      .toBe(`${notes}, kept`);
    expect(await mails()).toBe(mailed + 1);

    // The activity log: each save held for its window, the Undo, and the change sent as the member.
    const activity = await context.newPage();
    const rowsOf = async (action: string, text: string) => {
      await activity.goto(`/activity?action=${action}&staff=operator%40demo.test&result=ok`);
      return activity
        .getByTestId('activity-row')
        .filter({ has: activity.locator(`[data-record="${before.id}"]`) })
        .filter({ hasText: text });
    };
    await expect(await rowsOf('hold-reservation-change', notes)).toHaveCount(2);
    const withdrawn = await rowsOf('withdraw-reservation-change', notes);
    await expect(withdrawn).toHaveCount(1);
    await expect(withdrawn.getByRole('cell').nth(2)).toHaveText('Undid a change before the guest was told', {
      useInnerText: true,
    });
    const sent = await rowsOf('update-reservation', `${notes}, kept`);
    await expect(sent).toHaveCount(1);
    expect(JSON.parse((await sent.locator('pre').textContent())!)).toEqual({
      before: { notes: before.notes },
      after: { notes: `${notes}, kept` },
    });
  });

  test('a smaller party is held too, and not sent over a change the guest made meanwhile through another channel', async ({
    page,
    request,
  }) => {
    const candidates = (await list(request, `status=confirmed&date[gte]=${today()}&limit=20`)).slice(5);
    const target = candidates.find((r) => r.party_size >= 3);
    expect(target, 'a confirmed upcoming party of 3 or more in the sandbox').toBeTruthy();
    const before = await read(request, target!.id);

    await page.goto(`/reservations/${before.id}`);
    await page.getByRole('button', { name: 'Modify reservation' }).click();
    const form = page.getByTestId('modify-form');
    const ours = before.party_size - 1;
    const theirs = before.party_size - 2;
    await form.getByLabel('Party size').fill(String(ours));
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByTestId('held-notice')).toBeVisible();
    await expect(page.getByTestId('field-party-size')).toHaveText(String(ours));
    await sandboxPatchReservation(request, partner, entity, before.id, { party_size: theirs });

    // When its window ends the change is refused for the party size the guest's change wrote, and
    // not sent; the page reads itself again and says why.
    await expect(page.getByTestId('held-refused')).toContainText(
      'was not sent to Guest Book: someone else changed the same details in the meantime, so nothing was written over them.',
      { timeout: 30_000 },
    );
    await expect(page.getByTestId('held-notice')).toHaveCount(0);
    expect((await read(request, before.id)).party_size).toBe(theirs);
    await page.goto(`/activity?action=update-reservation&staff=operator%40demo.test&result=failed`);
    await expect(
      page.getByTestId('activity-row').filter({ has: page.locator(`[data-record="${before.id}"]`) }),
    ).toHaveCount(1);
  });

  test('a save over a change made since the form was opened (here by the guest, through another channel) is refused for that field and writes nothing over it', async ({
    page,
    request,
  }) => {
    const [, , , target] = await list(request, `status=confirmed&date[gte]=${today()}&limit=5`);
    expect(target, 'a fourth confirmed upcoming reservation in the sandbox').toBeTruthy();
    const before = await read(request, target!.id);

    await page.goto(`/reservations/${before.id}`);
    await page.getByRole('button', { name: 'Modify reservation' }).click();
    const form = page.getByTestId('modify-form');
    await expect(form.getByLabel('Notes')).toHaveValue(before.notes ?? '');
    await form.getByLabel('Notes').fill(`Ours, by e2e ${Date.now()}`);
    const elsewhere = `The guest's own, ${Date.now()}`;
    await sandboxPatchReservation(request, partner, entity, before.id, { notes: elsewhere });
    await form.getByRole('button', { name: 'Save changes' }).click();

    await expect(page.getByTestId('modify-error')).toHaveText(
      'Not saved: someone else changed the field marked below since you opened this reservation, so nothing was written over it. Open the reservation again to see their change.',
    );
    const notes = form.getByLabel('Notes');
    await expect(notes).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator(`#${await notes.getAttribute('aria-describedby')}`)).toHaveText('changed since');
    await expect(page.getByTestId('modify-saved')).toHaveCount(0);
    expect((await read(request, before.id)).notes).toBe(elsewhere);
    // Opened again, the reservation shows the guest's notes at once: the dashboard read them with the refusal.
    await page.reload();
    await expect(page.getByTestId('field-notes')).toHaveText(elsewhere);
  });

  test('50 guests: the API refuses naming the party size, shown on that field, and nothing changes', async ({
    page,
    request,
  }) => {
    const [first] = await list(request, `status=confirmed&date[gte]=${today()}&limit=5`);
    const before = await reservationShortOfSeats(request, first?.id ?? '');

    await page.goto(`/reservations/${before.id}`);
    await page.getByRole('button', { name: 'Modify reservation' }).click();
    const form = page.getByTestId('modify-form');
    const partySize = form.getByLabel('Party size');
    await expect(partySize).toHaveValue(String(before.party_size));
    await partySize.fill('50');
    await form.getByRole('button', { name: 'Save changes' }).click();

    await expect(page.getByTestId('modify-error')).toContainText('Guest Book refused the change');
    await expect(page.getByTestId('modify-error')).toContainText('50 guests');
    await expect(partySize).toHaveAttribute('aria-invalid', 'true');
    const describedBy = await partySize.getAttribute('aria-describedby');
    expect(describedBy).toBeTruthy();
    await expect(page.locator(`#${describedBy}`)).toHaveText('exceeds the seats left');
    await expect(page.getByTestId('modify-saved')).toHaveCount(0);

    expect(await read(request, before.id)).toEqual(before);
  });

  test('a canceled reservation says why it cannot be modified, and offers no form', async ({ page, request }) => {
    const [canceled] = await list(request, 'status=canceled&limit=1');
    expect(canceled, 'a canceled reservation in the sandbox').toBeTruthy();
    await page.goto(`/reservations/${canceled!.id}`);
    await expect(page.getByTestId('modify-disabled')).toHaveText(
      'This reservation is canceled; Guest Book no longer accepts changes to it.',
    );
    await expect(page.getByRole('button', { name: 'Modify reservation' })).toHaveCount(0);
    await expect(page.getByTestId('modify-form')).toHaveCount(0);
  });

  test("the form's scripts load when Modify is pointed at, not with the page; while they load, the form's shape shows", async ({
    page,
    request,
  }) => {
    const [target] = await list(request, `status=confirmed&date[gte]=${today()}&limit=1`);
    expect(target, 'a confirmed upcoming reservation in the sandbox').toBeTruthy();
    await page.goto(`/reservations/${target!.id}`);
    await page.waitForLoadState('networkidle');
    // every script asked for from now on waits until the loading state was seen
    const asked: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_next/static/**/*.js', async (route) => {
      asked.push(new URL(route.request().url()).pathname);
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Modify reservation' }).click();
    await expect(page.getByTestId('modify-loading')).toBeVisible();
    // Polled: the browser's request reaches this handler by another path than the page's state
    // reaches the assertion above, and may come after it. Held until release, the scripts cannot
    // have run yet, so the loading state above was theirs.
    await expect
      .poll(() => asked.length, { message: 'scripts asked for once Modify was pointed at' })
      .toBeGreaterThan(0);
    release();
    const form = page.getByTestId('modify-form');
    await expect(form.getByLabel('Party size')).toHaveValue(String(target!.party_size));
    await expect(page.getByTestId('modify-loading')).toHaveCount(0);
  });
});

test.describe('as a viewer', () => {
  test.use({ storageState: STORAGE.viewer });

  test('a viewer sees the reservation but no Modify form', async ({ page, request }) => {
    const [target] = await list(request, `status=confirmed&date[gte]=${today()}&limit=5`);
    expect(target).toBeTruthy();
    await page.goto(`/reservations/${target!.id}`);
    await expect(page.getByTestId('reservation-status')).toHaveText('confirmed');
    await expect(page.getByTestId('field-notes')).toBeVisible();
    await expect(page.getByTestId('modify-form')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Modify' })).toHaveCount(0);
  });
});
