import { request as httpRequest } from 'node:http';

import { DASHBOARD_URL } from './env';

/**
 * Sign-in over plain HTTP as an attacker's script would send it, from a chosen loopback source
 * address (any 127.x.y.z reaches the server bound to 127.0.0.1), so that a test can stand for a
 * client of its own address without touching the limits of the browser tests (127.0.0.1).
 */
interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

interface Target {
  localAddress?: string;
  /** the dashboard to send to, when not the e2e run's */
  base?: string;
}

function send(
  method: string,
  path: string,
  opts: Target & { headers?: Record<string, string>; body?: string },
): Promise<Answer> {
  const url = new URL(path, opts.base ?? DASHBOARD_URL);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        method,
        hostname: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        localAddress: opts.localAddress,
        headers: opts.headers,
        agent: false,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

const cookiePairs = (setCookie: string | string[] | undefined) =>
  (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []).map((c) => c.split(';')[0]!);

export interface Csrf {
  token: string;
  cookie: string;
}

/** next-auth's CSRF token and its cookie; one pair serves any number of attempts. */
export async function csrfFor(localAddress?: string, base?: string): Promise<Csrf> {
  const res = await send('GET', '/api/auth/csrf', { localAddress, base });
  return {
    token: (JSON.parse(res.body) as { csrfToken: string }).csrfToken,
    cookie: cookiePairs(res.headers['set-cookie']).join('; '),
  };
}

export interface SignInAnswer {
  /** the error code the sign-in page would show (`invalid`, `throttled`, `disabled`), or null */
  error: string | null;
  /** the cookies set, as `name=value` */
  cookies: string[];
  /** the Set-Cookie headers as sent */
  setCookie: string[];
}

export async function httpSignIn(
  email: string,
  password: string,
  opts: Target & { csrf: Csrf; headers?: Record<string, string>; /** the two-step code */ code?: string },
): Promise<SignInAnswer> {
  const res = await send('POST', '/api/auth/callback/credentials', {
    localAddress: opts.localAddress,
    base: opts.base,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: opts.csrf.cookie, ...opts.headers },
    body: new URLSearchParams({
      email,
      password,
      ...(opts.code === undefined ? {} : { code: opts.code }),
      csrfToken: opts.csrf.token,
      json: 'true',
    }).toString(),
  });
  const target = (JSON.parse(res.body) as { url?: string }).url ?? '';
  const setCookie = [res.headers['set-cookie'] ?? []].flat();
  return {
    error: new URL(target, DASHBOARD_URL).searchParams.get('error'),
    cookies: cookiePairs(setCookie),
    setCookie,
  };
}

/** A page as a holder of `cookies` sees it: the page's status, or where it is sent. */
export async function pageAs(cookies: string[], path = '/'): Promise<{ status: number; location: string | undefined }> {
  const res = await send('GET', path, { headers: { Cookie: cookies.join('; ') } });
  return { status: res.status, location: res.headers.location as string | undefined };
}
