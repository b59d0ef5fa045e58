import { createHash, timingSafeEqual } from 'node:crypto';

import { ApiProblem } from '../problem';
import type { ControlAccess } from '../state';
import type { Routes } from './context';

/** The header that carries the control token (the control client sends it). */
export const CONTROL_TOKEN_HEADER = 'x-sandbox-token';

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/** The host name of a Host header or URL host, lower-cased, without its port. */
export function hostName(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  return h.split(':')[0]!;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Why a request may not use the /_sandbox controls, or null when it may:
 * - a Host not on the allow-list (loopback, the public URL's host, configured extras), so a page
 *   reached through DNS rebinding gets nothing;
 * - a missing or wrong X-Sandbox-Token, which no cross-site page can send without a CORS
 *   preflight the sandbox never grants;
 * - a body or a Content-Type that is not application/json (a text/plain POST needs no preflight).
 */
export function controlRefusal(
  access: ControlAccess,
  publicUrl: string,
  req: { method: string; header(name: string): string | undefined },
): ApiProblem | null {
  const host = hostName(req.header('host') ?? '');
  const allowed =
    LOOPBACK.test(host) ||
    (publicUrl !== '' && host === hostName(new URL(publicUrl).host)) ||
    access.allowedHosts.some((h) => hostName(h) === host);
  if (!allowed) {
    return new ApiProblem(
      403,
      `Host "${host.slice(0, 100)}" is not allowed to use the sandbox controls: use a loopback address, the sandbox's public URL, or add the host with --allowed-hosts (SANDBOX_ALLOWED_HOSTS).`,
    );
  }
  if (access.token !== null) {
    const given = req.header(CONTROL_TOKEN_HEADER);
    if (!given || !timingSafeEqual(digest(given), digest(access.token))) {
      return new ApiProblem(
        401,
        `The sandbox controls need the header X-Sandbox-Token${given ? ' with the right token' : ''}: the token the sandbox printed at start, or its --control-token / SANDBOX_CONTROL_TOKEN.`,
      );
    }
  }
  const type = req.header('content-type');
  const hasBody = Number(req.header('content-length') ?? 0) > 0 || req.header('transfer-encoding') !== undefined;
  if ((type !== undefined || hasBody) && (type ?? '').split(';')[0]!.trim().toLowerCase() !== 'application/json') {
    return new ApiProblem(
      415,
      `The sandbox controls take a body only as Content-Type: application/json (got ${type ? `"${type.slice(0, 60)}"` : 'none'}).`,
      [{ field: 'Content-Type', message: 'must be application/json' }],
    );
  }
  return null;
}

/** Guards every /_sandbox route; the logo files alone need no token (an <img> cannot send one). */
export function controlGuard({ app, state }: Routes): void {
  app.use('/_sandbox/*', async (c, next) => {
    const files = c.req.method === 'GET' && new URL(c.req.url).pathname.startsWith('/_sandbox/files/');
    const refusal = controlRefusal(files ? { ...state.controls, token: null } : state.controls, state.publicUrl, c.req);
    if (refusal) throw refusal;
    await next();
  });
}
