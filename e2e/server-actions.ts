import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DASHBOARD_URL } from './env';

/**
 * Captures the id of the server action the page posts while `trigger` runs, aborting the
 * request so that nothing is changed by the capture itself.
 */
export async function captureActionId(page: Page, trigger: () => Promise<void>): Promise<string> {
  let id: string | undefined;
  await page.route('**/*', async (route) => {
    const header = route.request().headers()['next-action'];
    if (route.request().method() === 'POST' && header) {
      id = header;
      return route.abort();
    }
    return route.continue();
  });
  await trigger();
  await expect.poll(() => id, { message: 'the page posted no server action' }).toBeTruthy();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  return id!;
}

/** Calls a server action the way the browser would, with the cookies of `request`'s context. */
export async function callAction(request: APIRequestContext, path: string, actionId: string, args: unknown[]): Promise<string> {
  const res = await request.post(`${DASHBOARD_URL}${path}`, {
    headers: {
      'Next-Action': actionId,
      'Content-Type': 'text/plain;charset=UTF-8',
      Accept: 'text/x-component',
      Origin: DASHBOARD_URL,
    },
    data: JSON.stringify(args),
  });
  return `${res.status()} ${await res.text()}`;
}
