import { said, type Said } from '@/lib/i18n/said';

/**
 * Whether a request to a route handler may have been sent by another site (cross-site request
 * forgery): the refusal, to be said in its reader's language, or null. A browser names the page that sent a request in
 * `Origin` (every non-GET) and `Sec-Fetch-Site` (every request); a request that changes something
 * must carry one of them and both must say the dashboard itself. A GET is checked only when the
 * route asks (`checkGet`, e.g. an export of guest data a link could start), and then a
 * `Sec-Fetch-Site: none` (an address typed or bookmarked) is accepted too. The Host is the one
 * the request was sent to (`X-Forwarded-Host` behind a proxy), as for Next's server actions.
 */
export function crossSiteProblem(headers: Headers, method: string, checkGet: boolean): Said | null {
  const safe = method === 'GET' || method === 'HEAD';
  if (safe && !checkGet) return null;
  const refused = (from: Said) => said(safe ? 'errors.crossSite.startHere' : 'errors.crossSite.changesHere', { from });
  const host = (headers.get('x-forwarded-host') ?? headers.get('host') ?? '').split(',')[0]!.trim().toLowerCase();
  const origin = headers.get('origin');
  if (origin !== null) {
    let originHost: string | null = null;
    try {
      originHost = new URL(origin).host.toLowerCase();
    } catch {
      /* "null" or malformed: refused below */
    }
    if (!originHost || originHost !== host)
      return refused(
        originHost
          ? said('errors.crossSite.site', { site: originHost.slice(0, 100) })
          : said('errors.crossSite.anotherSite'),
      );
  }
  const site = headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin' && !(safe && site === 'none'))
    return refused(said('errors.crossSite.anotherSite'));
  if (!safe && origin === null && site === null) return refused(said('errors.crossSite.unnamedPage'));
  return null;
}
