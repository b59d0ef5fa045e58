import type { ActionResult } from '@/lib/actions/result';
import { said, translateSaid, type Said, type Translate } from '@/lib/i18n/said';

/** A search param's value: a list repeats the param; null or undefined leaves it out. */
export type ParamValue = string | number | readonly string[] | null | undefined;

/**
 * A read the dashboard refused or could not answer. Its message is the server's, already in the
 * member's language; when no answer of the server's came (not JSON: a proxy's error page), `said`
 * names the failure for the component to write in the member's language (`readFailureText`).
 */
export class ReadFailed extends Error {
  constructor(
    message: string,
    readonly said?: Said,
  ) {
    super(message);
    this.name = 'ReadFailed';
  }
}

/** The failure's text in the reader's language: `t` is a translator of the whole catalog (`useTranslations()`). */
export function readFailureText(e: unknown, t: Translate): string {
  if (e instanceof ReadFailed && e.said) return translateSaid(t, e.said);
  return e instanceof Error ? e.message : String(e);
}

/**
 * GETs one of the dashboard's read routes (`/api/...`) and answers its data. The routes answer an
 * ActionResult: a refusal or failure becomes a ReadFailed carrying the server's message. `signal`
 * is TanStack Query's, so a query no longer wanted stops its request.
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
  if (body?.ok === false && body.error) throw new ReadFailed(body.error);
  throw new ReadFailed(
    `no answer of the dashboard's (HTTP ${response.status})`,
    said('common.errors.dashboardUnanswered', { status: response.status }),
  );
}
