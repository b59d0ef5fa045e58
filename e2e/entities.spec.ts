import { DEMO_PARTNER } from '../lib/sandbox/seed/demo';
import { STORAGE } from './env';
import { GIF_BYTES, makePng } from './images';
import { expectSamePage, markPage } from './same-page';
import { sandboxApi, sandboxRequestMark, sandboxRequestsSince } from './sandbox';
import { expect, test, type Page } from './test';

test.use({ storageState: STORAGE.admin });

const partner = { clientId: DEMO_PARTNER.clientId, clientSecret: DEMO_PARTNER.clientSecret };

async function readEntity(request: Parameters<typeof sandboxApi>[0], id: string, orgId: string | null) {
  const body = (await sandboxApi(request, `/v2/entities/${id}`, partner, { orgId, entityId: id })) as {
    data: Record<string, unknown>;
  };
  return body.data;
}

async function createEntity(page: Page, name: string) {
  await page.goto('/entities/new');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Default language').selectOption('en-GB');
  await page.getByRole('button', { name: 'Create brand or channel' }).click();
  await expect(page.getByTestId('entity-name')).toHaveText(name);
  return page.url().split('/').pop()!;
}

test('create an entity, edit its locale, replace its programs; the sandbox holds exactly each change', async ({
  browser,
  page,
  request,
}) => {
  const name = `Harbour Pop-up ${Date.now()}`;
  const id = await createEntity(page, name);
  const orgText = await page.getByTestId('entity-org').textContent();
  const orgId = orgText?.startsWith('org_') ? orgText : null;

  let stored = await readEntity(request, id, orgId);
  expect(stored).toMatchObject({ id, name, default_locale: 'en-GB' });

  await page.getByLabel('Default language').selectOption('fr-FR');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('entity-form-saved')).toBeVisible();
  await expect(page.getByTestId('entity-locale')).toHaveText('French (France) (fr-FR)');
  const afterLocale = await readEntity(request, id, orgId);
  expect(afterLocale).toEqual({ ...stored, default_locale: 'fr-FR', updated_at: afterLocale.updated_at });
  stored = afterLocale;

  // A new name can be taken back from its toast, through the same guarded save.
  await page.getByLabel('Name').fill(`${name} (renamed)`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('entity-name')).toHaveText(`${name} (renamed)`);
  expect(await readEntity(request, id, orgId)).toMatchObject({ name: `${name} (renamed)` });
  await page
    .getByRole('listitem')
    .filter({ hasText: '(renamed) saved.' })
    .getByRole('button', { name: 'Undo' })
    .click();
  await expect(page.getByText('Undone: the earlier values are back.')).toBeVisible();
  await expect(page.getByTestId('entity-name')).toHaveText(name);
  await expect(page.getByLabel('Name')).toHaveValue(name);
  const undone = await readEntity(request, id, orgId);
  expect(undone).toEqual({ ...stored, updated_at: undone.updated_at });
  stored = undone;

  // Saved again unchanged: nothing is sent.
  const mark = await sandboxRequestMark(request);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('entity-form-unchanged')).toHaveText('Nothing changed.');
  expect((await sandboxRequestsSince(request, mark)).filter((r) => r.method === 'PATCH')).toEqual([]);

  // The saved values are in the page's HTML, shown before its JavaScript runs.
  const noScript = await browser.newContext({ storageState: STORAGE.admin, javaScriptEnabled: false });
  const html = await noScript.newPage();
  await html.goto(`/entities/${id}`);
  await expect(html.getByLabel('Name')).toHaveValue(name);
  await expect(html.getByLabel('Default language')).toHaveValue('fr-FR');
  await noScript.close();

  const programRows = page.locator('[data-testid^="program-"]');
  const firstProgram = (await programRows.first().locator('td').first().textContent())!;
  await page.getByLabel(`Assign ${firstProgram}`).check();
  await page.getByLabel(`Unallocated seat access for ${firstProgram}`).check();
  await page.getByRole('button', { name: 'Save programs' }).click();
  await expect(page.getByTestId('programs-message')).toContainText('Programs replaced');
  const afterPrograms = await readEntity(request, id, orgId);
  const programs = afterPrograms.programs as { program_id: string; unallocated_seat_access: boolean; name?: string }[];
  expect(programs.map((p) => [p.name, p.unallocated_seat_access])).toEqual([[firstProgram, true]]);
  expect({ ...afterPrograms, programs: undefined, updated_at: undefined }).toEqual({
    ...stored,
    programs: undefined,
    updated_at: undefined,
  });

  // The activity log names the program given and its unallocated seats, not the list as recorded.
  await page.goto('/activity?action=replace-entity-programs');
  const row = page.getByTestId('activity-row').filter({ hasText: name }).first();
  const changes = row.getByTestId('activity-changes');
  // As a member reads it: the program's id folded behind "Show id", the label's colon beside it.
  await expect
    .poll(async () => (await changes.innerText()).replace(/\s+/g, ' '))
    .toMatch(new RegExp(`Program ${firstProgram} Show id: not among its programs.*with unallocated seat access`));
  await expect(changes).not.toContainText('program_id');
});

test('upload a PNG logo and see its dimensions appear; a 3 MB file and a GIF are refused before anything is sent', async ({
  page,
  request,
}) => {
  const id = await createEntity(page, `Logo Test ${Date.now()}`);
  const mark = await sandboxRequestMark(request);

  await page.getByLabel('Logo file').setInputFiles({
    name: 'big.png',
    mimeType: 'image/png',
    buffer: Buffer.concat([makePng(4, 4), Buffer.alloc(3 * 1024 * 1024)]),
  });
  await expect(page.getByTestId('logo-error')).toHaveText(/big\.png is 3\.0 MB; the limit is 2 MB\./);
  await page.getByLabel('Logo file').setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: GIF_BYTES });
  await expect(page.getByTestId('logo-error')).toHaveText(
    'logo.gif is not a PNG, JPEG or WebP image (it is image/gif).',
  );
  await expect(page.getByRole('button', { name: 'Upload logo' })).toHaveCount(0);
  const sent = await sandboxRequestsSince(request, mark);
  expect(sent.filter((r) => r.path.includes('/logo'))).toEqual([]);

  await page
    .getByLabel('Logo file')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: makePng(120, 80) });
  await expect(page.getByAltText('Preview of the new logo')).toBeVisible();
  await markPage(page);
  const uploadMark = await sandboxRequestMark(request);
  await page.getByRole('button', { name: 'Upload logo' }).click();
  await expect(page.getByTestId('logo-status')).toHaveText('120 × 80 px · aspect ratio 1.50', { timeout: 20_000 });
  await expectSamePage(page);
  // While it waited, only the entity was read again (with the list that says its context), none of the page's other reads.
  const polled = (await sandboxRequestsSince(request, uploadMark)).filter(
    (r) => r.method === 'GET' && r.path.startsWith('/v2'),
  );
  expect(polled.length).toBeGreaterThan(0);
  expect(
    polled.filter((r) => r.path !== `/v2/entities/${id}` && r.path !== '/v2/entities'),
    polled.map((r) => r.path).join('\n'),
  ).toEqual([]);
  const orgText = await page.getByTestId('entity-org').textContent();
  const stored = await readEntity(request, id, orgText?.startsWith('org_') ? orgText : null);
  expect(stored.logo).toMatchObject({ width: 120, height: 80, aspect_ratio: 1.5 });

  // The activity log links the new image in words; its address (an id within it) is not text to read.
  await page.goto('/activity?action=upload-entity-logo');
  const changes = page
    .getByTestId('activity-row')
    .filter({ has: page.locator(`[data-record="${id}"]`) })
    .getByTestId('activity-changes');
  await expect(changes.getByRole('link', { name: 'View image' })).toHaveAttribute(
    'href',
    (stored.logo as { url: string }).url,
  );
  await expect(changes).not.toContainText('http');
  // Guest Book answers an upload before it measures the image: the row says so, in words.
  await expect(changes).toContainText('Uploaded');
  await expect(changes).toContainText('not measured yet');
  await expect(changes).not.toContainText('uploaded_at');
});

test('a viewer sees entities but no editing controls', async ({ browser }) => {
  const viewer = await browser.newContext({ storageState: STORAGE.viewer });
  const page = await viewer.newPage();
  await page.goto('/entities');
  await expect(page.getByRole('link', { name: 'New brand or channel' })).toHaveCount(0);
  await page.getByTestId('entity-row').first().locator('a').click();
  await expect(page.getByTestId('entity-name')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save programs' })).toHaveCount(0);
  await expect(page.getByLabel('Logo file')).toHaveCount(0);
  await viewer.close();
});

test('the entity form checks its fields in the browser: a blank name is named, and nothing is posted', async ({
  page,
}) => {
  const posted: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.headers()['next-action']) posted.push(r.url());
  });
  await page.goto('/entities/new');
  await page.getByLabel('Name').fill('   ');
  await page.getByRole('button', { name: 'Create brand or channel' }).click();
  await expect(page.getByText('Enter a name.')).toBeVisible();
  await page.getByLabel('Name').fill('x'.repeat(121));
  await page.getByRole('button', { name: 'Create brand or channel' }).click();
  await expect(page.getByText('At most 120 characters.')).toBeVisible();
  expect(posted).toEqual([]);
});
