import type { ActionResult } from '@/lib/actions/result';

/** A search param's value: a list repeats the param; null or undefined leaves it out. */
export type ParamValue = string | number | readonly string[] | null | undefined;

/**
 * GETs one of the dashboard's read routes (`/api/...`) and answers its data. The routes answer an
 * ActionResult: a refusal or failure becomes an Error carrying the server's message. `signal` is
 * TanStack Query's, so a query no longer wanted stops its request.
 */
export async function getJson<T>(
  path: string,
  params: Record<string, ParamValue> = {},
  signal?: AbortSignal,
): Promise<T> {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    for (const v of typeof value === 'object' ? value : [value]) search.append(key, String(v));
  }
  const query = search.toString();
  const response = await fetch(query ? `${path}?${query}` : path, {
    signal,
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
  });
  // Not JSON (a proxy's error page) is reported by its status.
  const body = (await response.json().catch(() => null)) as ActionResult<T> | null;
  if (body?.ok && response.ok) return body.data;
  throw new Error(
    body?.ok === false && body.error ? body.error : `The dashboard could not answer (HTTP ${response.status}).`,
  );
}
