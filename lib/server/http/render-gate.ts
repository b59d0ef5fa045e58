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
 * Beyond the few in flight, a session's renders are paced (RENDER_PACE): such a script, held to a
 * few at a time, still had one render answered and the next started 26 times a second.
 *
 * It counts what is in flight in this process, which ends with the process: a gate on this
 * process's own work, not a budget (the API budget and the members' shares are in the database).
 * Writes (POST) and router prefetches (which render a route's loading state only) are neither
 * counted nor held. Plain Node: the server loads it before Next.js.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Renders one session may have in flight in one process; more wait their turn. */
export const RENDERS_PER_SESSION = 3;
/** Requests of one session held waiting at most; beyond, 429 at once. */
export const HELD_PER_SESSION = 32;
/**
 * Renders one session may start in one process: `burst` at once, then `perSecond` (a token
 * bucket). A member clicking, paging and typing in ⌘K stays well within it; a script sending
 * searches as fast as they are answered is held to it, and its renders no longer take a third
 * of the processor the other members' saves wait for.
 */
export const RENDER_PACE = { perSecond: 10, burst: 20 } as const;
export type Pace = { perSecond: number; burst: number };

/**
 * Paths no session's count covers: the build's files, the health probes, next-auth's own routes,
 * and the change feed's event stream (open as long as the page: it renders nothing, and its own
 * cap per member is in lib/server/changes/stream.ts).
 */
const UNGATED =
  /^\/(_next\/(static|image)\/|api\/health\/|api\/auth\/|api\/events(\?|$)|favicon\.ico|icon|apple-touch-icon|manifest)/;

/**
 * The key a request is counted under: its verified session (render-gate-session.ts decodes the
 * session cookie as Next.js and next-auth read it), or null for a request without one, which is
 * not counted. It may answer at once or later.
 */
export type SessionKeyOf = (req: IncomingMessage) => string | null | Promise<string | null>;

interface Slots {
  running: number;
  /** requests waiting for a slot, first come first served */
  held: (() => void)[];
  /** renders the session may start before the pace holds it (RENDER_PACE), as of `counted` */
  tokens: number;
  counted: number;
  /** wakes the held requests when the pace lets the next start, or forgets an idle session */
  timer: ReturnType<typeof setTimeout> | null;
}

export class RenderGate {
  readonly #sessions = new Map<string, Slots>();

  constructor(
    readonly keyOf: SessionKeyOf,
    readonly limit = RENDERS_PER_SESSION,
    readonly held = HELD_PER_SESSION,
    /** null: no pace, only the limit in flight */
    readonly pace: Pace | null = RENDER_PACE,
  ) {}

  /**
   * Resolves true once the request may be rendered (at once, or when one of its session's
   * requests in flight ends), or false when it was answered here (429: too many held) or its
   * client went away while it waited. A request not counted resolves true at once.
   */
  admit(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return true;
    if (req.headers['next-router-prefetch'] || UNGATED.test(req.url ?? '')) return true;
    const key = this.keyOf(req);
    if (key instanceof Promise) {
      // A client gone while its session was being read is not counted (its close came already).
      let gone = false;
      const left = () => (gone = true);
      res.once('close', left);
      return key.then((k) => {
        res.off('close', left);
        if (gone) return false;
        return k ? this.#admit(k, res) : true;
      });
    }
    return key ? this.#admit(key, res) : true;
  }

  #admit(key: string, res: ServerResponse): boolean | Promise<boolean> {
    let slots = this.#sessions.get(key);
    if (!slots)
      this.#sessions.set(
        key,
        (slots = { running: 0, held: [], tokens: this.pace?.burst ?? 0, counted: performance.now(), timer: null }),
      );
    const run = () => {
      slots.running++;
      if (this.pace) slots.tokens--;
      res.once('close', () => this.#release(key, slots));
    };
    if (slots.held.length === 0 && this.#mayStart(slots)) {
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
        this.#next(key, slots);
        resolve(false);
      };
      slots.held.push(turn);
      res.once('close', gone);
      this.#next(key, slots);
    });
  }

  /** Whether one more of the session's requests may start now. */
  #mayStart(slots: Slots): boolean {
    this.#refill(slots);
    return slots.running < this.limit && (!this.pace || slots.tokens >= 1);
  }

  /** The pace's tokens earned since they were last counted. */
  #refill(slots: Slots): void {
    if (!this.pace) return;
    const now = performance.now();
    slots.tokens = Math.min(this.pace.burst, slots.tokens + ((now - slots.counted) / 1000) * this.pace.perSecond);
    slots.counted = now;
  }

  #release(key: string, slots: Slots): void {
    slots.running--;
    this.#next(key, slots);
  }

  /**
   * Starts what of the session's held requests may start now. When the pace holds the rest, wakes
   * them when it lets the next one start; a request in flight ending calls this again. An idle
   * session is forgotten once its pace is back to a full burst (forgetting it sooner would hand a
   * script that sends one request at a time a new burst each time).
   */
  #next(key: string, slots: Slots): void {
    while (slots.held.length > 0 && this.#mayStart(slots)) slots.held.shift()!();
    this.#refill(slots);
    if (slots.timer) clearTimeout(slots.timer);
    slots.timer = null;
    const idle = slots.held.length === 0 && slots.running === 0;
    if (idle && (!this.pace || slots.tokens >= this.pace.burst)) {
      this.#sessions.delete(key);
      return;
    }
    if (!this.pace) return;
    const wanted = idle ? this.pace.burst : slots.held.length > 0 && slots.running < this.limit ? 1 : null;
    if (wanted === null) return;
    const ms = Math.max(1, Math.ceil(((wanted - slots.tokens) / this.pace.perSecond) * 1000));
    slots.timer = setTimeout(() => this.#next(key, slots), ms);
    slots.timer.unref();
  }

  /** Sessions kept: with a request in flight or held, or whose pace is not back to a full burst (for tests). */
  get sessions(): number {
    return this.#sessions.size;
  }
}
