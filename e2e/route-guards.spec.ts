import { readFileSync } from 'node:fs';
import http from 'node:http';

import { DEMO_PARTNER } from '../lib/sandbox/seed/demo';
import { DASHBOARD_PORT, DASHBOARD_URL, STORAGE } from './env';
import { makePng } from './images';
import { sandboxRequestMark, sandboxRequestsSince } from './sandbox';
import { expect, test, type Browser } from './test';

const LOGO_PATH = `/api/entities/${DEMO_PARTNER.defaultEntityId}/logo`;

const adminApi = async (browser: Browser) => (await browser.newContext({ storageState: STORAGE.admin })).request;

/** The admin's session cookie, as a copied cookie header. */
function adminCookie(): string {
  const state = JSON.parse(readFileSync(STORAGE.admin, 'utf8')) as { cookies: { name: string; value: string }[] };
  return state.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

/**
 * POSTs a chunked body of `totalBytes` to the logo route, chunk by chunk, without ever ending it,
 * and stops sending when the answer arrives. A server that read the whole body first would never
 * answer (the body never ends); resolves with the answer and how much was sent before it.
 */
async function postUnendingChunkedBody(opts: { cookie?: string; first: Buffer; totalBytes: number }) {
  const request = http.request({
    host: '127.0.0.1',
    port: DASHBOARD_PORT,
    path: LOGO_PATH,
    method: 'POST',
    headers: {
      origin: DASHBOARD_URL,
      'content-type': 'multipart/form-data; boundary=----guard',
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
    },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.once('error', reject);
    request.once('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
  });
  let answered = false;
  void answer.then(
    () => (answered = true),
    () => (answered = true),
  );
  let sent = 0;
  const chunk = Buffer.alloc(64 * 1024, 0x41);
  const send = (b: Buffer) => {
    sent += b.length;
    return request.write(b);
  };
  send(opts.first);
  while (!answered && sent + chunk.length < opts.totalBytes) {
    if (!send(chunk)) await Promise.race([new Promise((r) => request.once('drain', r)), answer]);
  }
  const result = await answer;
  request.destroy();
  return { ...result, sent };
}

test("a logo POST with an admin's cookie from another origin, or marked cross-site, is refused and nothing reaches the API", async ({
  browser,
  request,
}) => {
  const api = await adminApi(browser);
  const mark = await sandboxRequestMark(request);
  const file = { name: 'logo.png', mimeType: 'image/png', buffer: makePng(8, 8) };
  const attempts: [Record<string, string>, RegExp][] = [
    [{ Origin: 'https://evil.example' }, /came from another site \(evil\.example\);/],
    [{ Origin: 'null' }, /came from another site;/],
    [{ Origin: DASHBOARD_URL, 'Sec-Fetch-Site': 'cross-site' }, /came from another site;/],
    [{}, /came from a page that does not say where it is;/],
  ];
  for (const [headers, message] of attempts) {
    const res = await api.post(`${DASHBOARD_URL}${LOGO_PATH}`, { headers, multipart: { file } });
    expect(res.status(), JSON.stringify(headers)).toBe(403);
    expect(((await res.json()) as { error: string }).error, JSON.stringify(headers)).toMatch(message);
  }
  const sent = (await sandboxRequestsSince(request, mark)).filter((r) => r.path.includes('/logo'));
  expect(sent).toEqual([]);
});

test('a chunked 9 MB upload is answered 413 as soon as it passes the limit, before the rest of the body is sent', async ({
  request,
}) => {
  const mark = await sandboxRequestMark(request);
  const preamble = Buffer.from(
    '------guard\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n',
  );
  const res = await postUnendingChunkedBody({ cookie: adminCookie(), first: preamble, totalBytes: 9 * 1024 * 1024 });
  expect(res.status).toBe(413);
  expect((JSON.parse(res.body) as { error: string }).error).toBe('The upload is larger than the limit of 2 MB.');
  expect(res.sent).toBeLessThan(9 * 1024 * 1024);
  expect((await sandboxRequestsSince(request, mark)).filter((r) => r.path.includes('/logo'))).toEqual([]);
});

test('an anonymous POST is refused before its body is read: a body that never ends and would not parse gets 401', async ({
  browser,
}) => {
  const garbage = Buffer.from('this is not a multipart body at all');
  const res = await postUnendingChunkedBody({ first: garbage, totalBytes: 256 * 1024 });
  expect(res.status).toBe(401);
  expect((JSON.parse(res.body) as { error: string }).error).toBe('Your session has ended. Sign in again.');
  // The same body, ended, from an admin: read, and refused for what it is.
  const api = await adminApi(browser);
  const parsed = await api.post(`${DASHBOARD_URL}${LOGO_PATH}`, {
    headers: { Origin: DASHBOARD_URL, 'Content-Type': 'multipart/form-data; boundary=----guard' },
    data: garbage,
  });
  expect(parsed.status()).toBe(400);
  expect(((await parsed.json()) as { error: string }).error).toBe(
    'The upload is not a well-formed multipart/form-data body.',
  );
});

test('a PNG declaring 65,000 × 65,000 pixels is refused with the limit named, and nothing reaches the API', async ({
  browser,
  request,
}) => {
  const bomb = makePng(1, 1);
  bomb.writeUInt32BE(65_000, 16);
  bomb.writeUInt32BE(65_000, 20);
  const api = await adminApi(browser);
  const mark = await sandboxRequestMark(request);
  const res = await api.post(`${DASHBOARD_URL}${LOGO_PATH}`, {
    headers: { Origin: DASHBOARD_URL },
    multipart: { file: { name: 'bomb.png', mimeType: 'image/png', buffer: bomb } },
  });
  expect(res.status()).toBe(422);
  expect(((await res.json()) as { error: string }).error).toBe(
    'bomb.png is 65,000 × 65,000 px; the limit is 4,096 × 4,096 px.',
  );
  expect((await sandboxRequestsSince(request, mark)).filter((r) => r.path.includes('/logo'))).toEqual([]);
});
