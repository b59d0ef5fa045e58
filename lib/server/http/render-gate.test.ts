import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { encode } from 'next-auth/jwt';
import { describe, expect, it } from 'vitest';

import { RenderGate, type SessionKeyOf } from './render-gate';
import { requestCookies, verifiedSessionKey } from './render-gate-session';

const COOKIE = 'next-auth.session-token';
/** The cookie's value as the session's key (the server's key is the verified session: verifiedSessionKey). */
const byValue: SessionKeyOf = (req) => requestCookies(req.headers.cookie)[COOKIE] ?? null;

class FakeResponse extends EventEmitter {
  status: number | null = null;
  headers: Record<string, string> = {};
  ended = false;
  writeHead(status: number, headers: Record<string, string>) {
    this.status = status;
    this.headers = headers;
    return this;
  }
  end() {
    this.ended = true;
    return this;
  }
  /** the response finished, or its client went away */
  close() {
    this.emit('close');
  }
}

function request(session: string | null, opts: { method?: string; url?: string; prefetch?: boolean } = {}) {
  const headers: Record<string, string> = {};
  if (session) headers.cookie = `theme=dark; ${COOKIE}=${session}; other=1`;
  if (opts.prefetch) headers['next-router-prefetch'] = '1';
  const req = { method: opts.method ?? 'GET', url: opts.url ?? '/reservations', headers } as unknown as IncomingMessage;
  const res = new FakeResponse();
  return { req, res, serverRes: res as unknown as ServerResponse };
}

const settled = async (p: boolean | Promise<boolean>) => {
  let value: boolean | 'pending' = 'pending';
  void Promise.resolve(p).then((v) => (value = v));
  await new Promise((resolve) => setImmediate(resolve));
  return value;
};

describe('RenderGate', () => {
  it('renders a session’s first requests at once and holds the next until one ends, first come first served', async () => {
    const gate = new RenderGate(byValue, 2, 8, null);
    const a = request('alice-session');
    const b = request('alice-session');
    expect(gate.admit(a.req, a.serverRes)).toBe(true);
    expect(gate.admit(b.req, b.serverRes)).toBe(true);
    const c = request('alice-session');
    const d = request('alice-session');
    const cTurn = gate.admit(c.req, c.serverRes);
    const dTurn = gate.admit(d.req, d.serverRes);
    expect(await settled(cTurn)).toBe('pending');
    // Another member's session is not held behind Alice's.
    const other = request('bob-session');
    expect(gate.admit(other.req, other.serverRes)).toBe(true);
    b.res.close();
    expect(await settled(cTurn)).toBe(true);
    expect(await settled(dTurn)).toBe('pending');
    a.res.close();
    expect(await settled(dTurn)).toBe(true);
    for (const r of [c, d, other]) r.res.close();
    expect(gate.sessions).toBe(0);
  });

  it('answers 429 at once, with Retry-After and nothing rendered, when too many of a session’s requests are held', async () => {
    const gate = new RenderGate(byValue, 1, 2, null);
    const running = request('hammer');
    expect(gate.admit(running.req, running.serverRes)).toBe(true);
    const held = [request('hammer'), request('hammer')].map((r) => gate.admit(r.req, r.serverRes));
    const refused = request('hammer');
    expect(await settled(gate.admit(refused.req, refused.serverRes))).toBe(false);
    expect(refused.res.status).toBe(429);
    expect(refused.res.headers['Retry-After']).toBe('1');
    expect(refused.res.ended).toBe(true);
    for (const h of held) expect(await settled(h)).toBe('pending');
  });

  it('drops a held request whose client went away, and gives its turn to the next', async () => {
    const gate = new RenderGate(byValue, 1, 4, null);
    const running = request('s');
    gate.admit(running.req, running.serverRes);
    const gone = request('s');
    const goneTurn = gate.admit(gone.req, gone.serverRes);
    const next = request('s');
    const nextTurn = gate.admit(next.req, next.serverRes);
    gone.res.close();
    expect(await settled(goneTurn)).toBe(false);
    running.res.close();
    expect(await settled(nextTurn)).toBe(true);
    next.res.close();
    expect(gate.sessions).toBe(0);
  });

  it('neither counts nor holds writes, prefetches, the build’s files, health probes, the event stream or requests without a session', async () => {
    const gate = new RenderGate(byValue, 1, 1, null);
    const first = request('s');
    gate.admit(first.req, first.serverRes);
    for (const r of [
      request('s', { method: 'POST' }),
      request('s', { prefetch: true }),
      request('s', { url: '/_next/static/chunks/app.js' }),
      request('s', { url: '/api/health/ready' }),
      request('s', { url: '/api/auth/session' }),
      request('s', { url: '/api/events' }),
      request('s', { url: '/api/events?after=12' }),
      request(null),
    ])
      expect(gate.admit(r.req, r.serverRes)).toBe(true);
    expect(gate.sessions).toBe(1);
  });

  it('paces a session’s renders: a burst at once, then so many a second, held in order, never refused for it', async () => {
    const gate = new RenderGate(byValue, 4, 32, { perSecond: 20, burst: 3 });
    const started: number[] = [];
    const t0 = performance.now();
    const all = Array.from({ length: 6 }, (_, i) => {
      const r = request('script');
      const turn = Promise.resolve(gate.admit(r.req, r.serverRes)).then((ok) => {
        started.push(i);
        // each render answers at once: only the pace holds the next
        r.res.close();
        return { ok, at: performance.now() - t0 };
      });
      return turn;
    });
    const turns = await Promise.all(all);
    expect(turns.every((t) => t.ok)).toBe(true);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    // 3 at once, then one each 50 ms: the sixth about 150 ms after the first
    expect(turns[2]!.at).toBeLessThan(100);
    expect(turns[5]!.at).toBeGreaterThanOrEqual(140);
    // Another member is not paced by this one.
    const other = request('colleague');
    expect(gate.admit(other.req, other.serverRes)).toBe(true);
  });

  it('keeps an idle session’s pace until it is back to a full burst, so one request at a time gains no burst', async () => {
    const gate = new RenderGate(byValue, 4, 32, { perSecond: 10, burst: 2 });
    for (let i = 0; i < 2; i++) {
      const r = request('sequential');
      expect(gate.admit(r.req, r.serverRes)).toBe(true);
      r.res.close();
    }
    expect(gate.sessions).toBe(1);
    const third = request('sequential');
    const turn = gate.admit(third.req, third.serverRes);
    expect(await settled(turn)).toBe('pending');
    expect(await turn).toBe(true);
    third.res.close();
    // refilled to its burst after 200 ms: forgotten
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(gate.sessions).toBe(0);
  });
});

describe('verifiedSessionKey', () => {
  const SECRET = 'a-test-secret-of-enough-length-0123456789';
  const keyOf = verifiedSessionKey({ cookieName: COOKIE, secret: SECRET, secureCookie: false });
  const keyFor = (cookie: string) =>
    keyOf({ method: 'GET', url: '/', headers: { cookie } } as unknown as IncomingMessage);

  it('keys a session by its verified id, whatever decoys, spellings or parts the cookie header holds', async () => {
    const token = await encode({ token: { sid: 'session-1', staffId: 'm1' }, secret: SECRET });
    expect(await keyFor(`${COOKIE}=${token}`)).toBe('session-1');
    // Next.js and next-auth read the last cookie of a name: a decoy in front changes nothing.
    expect(await keyFor(`${COOKIE}=decoy-1; ${COOKIE}=${token}`)).toBe('session-1');
    expect(await keyFor(`${COOKIE}=${token}; ${COOKIE}=decoy-2`)).toBeNull();
    // percent-encoded, as a decoding reader sees the same value
    const encoded = token.replace(/\./g, '%2E');
    expect(encoded).not.toBe(token);
    expect(await keyFor(`${COOKIE}=${encoded}`)).toBe('session-1');
    // split into parts, as next-auth writes a large one
    const half = Math.floor(token.length / 2);
    expect(await keyFor(`${COOKIE}.0=${token.slice(0, half)}; ${COOKIE}.1=${token.slice(half)}`)).toBe('session-1');
  });

  it('counts a cookie that does not verify, or none, as no session', async () => {
    const other = await encode({ token: { sid: 'session-1' }, secret: 'another-secret-of-enough-length-9876543210' });
    expect(await keyFor(`${COOKIE}=${other}`)).toBeNull();
    expect(await keyFor(`${COOKIE}=not-a-token`)).toBeNull();
    expect(await keyFor('theme=dark')).toBeNull();
  });
});
