/**
 * At most `perKey` requests of one key (a browser session) answered at once by this process; the
 * others wait their turn in order of arrival. So one member firing dozens of page loads at once
 * (a script, a held-down reload) has them answered a few at a time, and the process's CPU keeps
 * serving everyone else, instead of rendering that member's pages first. Per process by nature:
 * it shares out this process's CPU (the request budget, which is shared, lives in the database).
 */
export class FairTurns {
  readonly #perKey: number;
  readonly #keys = new Map<string, { running: number; waiting: (() => void)[] }>();

  constructor(perKey: number) {
    this.#perKey = perKey;
  }

  /** Resolves once fewer than `perKey` requests of `key` are running, with the release to call when this one is answered. */
  async take(key: string): Promise<() => void> {
    let state = this.#keys.get(key);
    if (!state) this.#keys.set(key, (state = { running: 0, waiting: [] }));
    if (state.running >= this.#perKey) await new Promise<void>((resolve) => state.waiting.push(resolve));
    else state.running++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = state.waiting.shift();
      // The turn passes to the next in line (running stays as it is), or ends.
      if (next) next();
      else if (--state.running === 0) this.#keys.delete(key);
    };
  }

  /** Requests of `key` waiting for a turn. */
  waiting(key: string): number {
    return this.#keys.get(key)?.waiting.length ?? 0;
  }
}

/** The value of cookie `name` in a Cookie header, if any. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}
