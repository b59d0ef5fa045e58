/**
 * At most a few page renders at once per session, in this process: the dashboard's own server
 * (scripts/server.ts) holds a session's next GET until one of its requests in flight ends, before
 * Next.js spends any work on it, and answers 429 at once when too many are already held.
 *
 * A member reads one page at a time: besides it, a browser has a poll or a read-ahead in flight,
 * rarely more, and one more waits for the first to end (a browser restoring ten tabs sees them
 * load a few at a time). A script that sends
 * searches as fast as it can, sixteen at once, would otherwise keep sixteen renders of this
 * process busy: even when the request budget refuses every one of them, each refusal is a whole
 * page to render, and the processor they take is the one the other members' saves wait for.
 *
 * It counts what is in flight in this process, which ends with the process: a gate on this
 * process's own work, not a budget (the API budget and the members' shares are in the database).
 * Writes (POST) and router prefetches (which render a route's loading state only) are neither
 * counted nor held. Plain Node: the server loads it before Next.js.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Renders one session may have in flight in one process; more wait their turn. */
export const RENDERS_PER_SESSION = 3;
/** Requests of one session held waiting at most; beyond, 429 at once. */
export const HELD_PER_SESSION = 32;

/** Paths no session's count covers: the build's files, the health probes, next-auth's own routes. */
const UNGATED = /^\/(_next\/(static|image)\/|api\/health\/|api\/auth\/|favicon\.ico|icon|apple-touch-icon|manifest)/;

/** The session cookie's value (next-auth splits a large one into `<name>.0`, `<name>.1`, …), or null. */
function sessionOf(cookieHeader: string | undefined, cookieName: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (name === cookieName || name === `${cookieName}.0`) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

interface Slots {
  running: number;
  /** requests waiting for a slot, first come first served */
  held: (() => void)[];
}

export class RenderGate {
  readonly #sessions = new Map<string, Slots>();

  constructor(
    readonly cookieName: string,
    readonly limit = RENDERS_PER_SESSION,
    readonly held = HELD_PER_SESSION,
  ) {}

  /**
   * Resolves true once the request may be rendered (at once, or when one of its session's
   * requests in flight ends), or false when it was answered here (429: too many held) or its
   * client went away while it waited. A request not counted resolves true at once.
   */
  admit(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return true;
    if (req.headers['next-router-prefetch'] || UNGATED.test(req.url ?? '')) return true;
    const session = sessionOf(req.headers.cookie, this.cookieName);
    if (!session) return true;
    // Kept by a digest: the cookie itself is a credential.
    const key = createHash('sha256').update(session).digest('base64url');
    let slots = this.#sessions.get(key);
    if (!slots) this.#sessions.set(key, (slots = { running: 0, held: [] }));
    const run = () => {
      slots.running++;
      res.once('close', () => this.#release(key, slots));
    };
    if (slots.running < this.limit) {
      run();
      return true;
    }
    if (slots.held.length >= this.held) {
      res.writeHead(429, { 'Retry-After': '1', 'Cache-Control': 'no-store', 'Content-Length': '0' });
      res.end();
      return false;
    }
    return new Promise<boolean>((resolve) => {
      const turn = () => {
        res.off('close', gone);
        run();
        resolve(true);
      };
      const gone = () => {
        const i = slots.held.indexOf(turn);
        if (i >= 0) slots.held.splice(i, 1);
        if (slots.running === 0 && slots.held.length === 0) this.#sessions.delete(key);
        resolve(false);
      };
      slots.held.push(turn);
      res.once('close', gone);
    });
  }

  #release(key: string, slots: Slots): void {
    slots.running--;
    const next = slots.held.shift();
    if (next) next();
    else if (slots.running === 0) this.#sessions.delete(key);
  }

  /** Sessions with a request in flight or held (for tests). */
  get sessions(): number {
    return this.#sessions.size;
  }
}
