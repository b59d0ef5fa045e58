/**
 * Releases a hold as the page goes away (navigation, tab closed): `navigator.sendBeacon`, which
 * the browser delivers after the page is gone and which carries the session cookie and the
 * page's Origin; `fetch(..., { keepalive: true })` where there is no beacon. The body is text,
 * so no browser asks for a preflight.
 */
export function releaseInBackground(entityId: string, holdId: string, reason: 'form-left' | 'page-closed'): void {
  const url = `/api/holds/${encodeURIComponent(holdId)}/release`;
  const body = JSON.stringify({ entityId, reason });
  try {
    if (
      typeof navigator !== 'undefined' &&
      navigator.sendBeacon?.(url, new Blob([body], { type: 'text/plain;charset=UTF-8' }))
    )
      return;
  } catch {
    /* fall through to keepalive */
  }
  void fetch(url, {
    method: 'POST',
    body,
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
  }).catch(() => undefined);
}
