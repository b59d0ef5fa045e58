import { MAX_VIEWS_PER_MEMBER } from '../lib/server/views/store';
import { buildActions } from './action-list';
import { DASHBOARD_URL } from './env';
import { actionHeaders } from './server-actions';
import { addMember, signedInBrowser } from './staff';
import { expect, test } from './test';

/*
 * Saved views sent as a script would, with one member's copied cookie: one name saved five times
 * at once, and more views at once than a member may keep. Each save past the first of a name,
 * and past the limit, is refused in the member's words; none is a server error.
 */

const PASSWORD = 'a shelf of saved searches';

test('saves of one name at once, and past the number a member may keep, are refused, none with a server error', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const email = `shelf.${Date.now()}@demo.test`;
  await addMember(browser, { email, name: 'View Collector', role: 'viewer', password: PASSWORD });
  const { context, page } = await signedInBrowser(browser, email, PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const action = buildActions().find((a) => a.key === 'lib/actions/views.ts#saveViewAction')!;
  const save = async (name: string) => {
    const res = await fetch(`${DASHBOARD_URL}${action.path}`, {
      method: 'POST',
      headers: { ...actionHeaders(action.id, DASHBOARD_URL), Cookie: cookie },
      body: JSON.stringify([{ name, query: 'status=confirmed', hiddenColumns: [], shared: false }]),
    });
    return { status: res.status, text: await res.text() };
  };
  const saved = (answers: { text: string }[]) => answers.filter((a) => a.text.includes('"ok":true')).length;

  const same = await Promise.all(Array.from({ length: 5 }, () => save('Tonight')));
  expect(same.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
  expect(saved(same)).toBe(1);
  expect(same.filter((a) => a.text.includes('You already have a view named “Tonight”.'))).toHaveLength(4);

  const over = 4;
  const many = await Promise.all(
    Array.from({ length: MAX_VIEWS_PER_MEMBER - 1 + over }, (_, i) => save(`Search ${i + 1}`)),
  );
  expect(many.every((a) => a.status === 200)).toBe(true);
  expect(saved(many)).toBe(MAX_VIEWS_PER_MEMBER - 1);
  expect(
    many.filter((a) => a.text.includes(`You keep ${MAX_VIEWS_PER_MEMBER} saved views, the most a member may keep.`)),
  ).toHaveLength(over);

  // The views menu lists what was kept.
  await page.goto('/reservations');
  await page.getByTestId('views-menu').click();
  await expect(page.getByRole('menuitem', { name: 'Tonight' })).toBeVisible();
  await context.close();
});
