/**
 * Mutual exclusion by key within this process: `run(keys, fn)` waits until no other holder has
 * any of the keys, then runs `fn` holding all of them. Keys are taken in sorted order, so two
 * callers with overlapping keys cannot wait for each other in a cycle.
 */
export class KeyedLock {
  readonly #tails = new Map<string, Promise<void>>();

  async run<T>(keys: Iterable<string>, fn: () => Promise<T>): Promise<T> {
    const sorted = [...new Set(keys)].sort();
    const releases: (() => void)[] = [];
    try {
      for (const key of sorted) releases.push(await this.#acquire(key));
      return await fn();
    } finally {
      for (const release of releases.reverse()) release();
    }
  }

  /** Keys held or waited for right now. */
  get size(): number {
    return this.#tails.size;
  }

  async #acquire(key: string): Promise<() => void> {
    const previous = this.#tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => mine);
    this.#tails.set(key, tail);
    await previous;
    return () => {
      release();
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    };
  }
}
