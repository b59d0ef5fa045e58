import { expect, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';

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

/** The headers a browser sends with a server action posted from `origin`. */
export const actionHeaders = (actionId: string, origin: string) => ({
  'Next-Action': actionId,
  'Content-Type': 'text/plain;charset=UTF-8',
  Accept: 'text/x-component',
  Origin: origin,
});

/** Posts a server action to `url` the way the browser would, with the cookies of `request`'s context. */
export function postAction(
  request: APIRequestContext,
  url: string,
  actionId: string,
  args: unknown[],
  options: { origin?: string; maxRedirects?: number } = {},
): Promise<APIResponse> {
  return request.post(url, {
    headers: actionHeaders(actionId, options.origin ?? new URL(url).origin),
    data: JSON.stringify(args),
    maxRedirects: options.maxRedirects,
  });
}

/** Calls a server action of the dashboard; answers "<status> <body>". */
export async function callAction(
  request: APIRequestContext,
  path: string,
  actionId: string,
  args: unknown[],
): Promise<string> {
  const res = await postAction(request, `${DASHBOARD_URL}${path}`, actionId, args);
  return `${res.status()} ${await res.text()}`;
}
