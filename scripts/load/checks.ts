/**
 * The checks `npm run test:load` runs on what it recorded: which final values the successful
 * writes allow, whether the changes of a cell chain, and matching audit rows. Tested in checks.test.ts.
 */

/** A write that reported success, over the span of time the client waited for it. */
export interface TimedWrite<T> {
  start: number;
  end: number;
  value: T;
}

/**
 * The values a record may hold after these successful writes (last writer wins): a write can be
 * the last applied unless another write started after it had ended. Empty with no writes.
 */
export function possibleFinalValues<T>(writes: readonly TimedWrite<T>[]): T[] {
  return writes.filter((w) => !writes.some((other) => other !== w && other.start > w.end)).map((w) => w.value);
}

/**
 * Whether the successful changes of one cell, each from the value it was checked to hold to the
 * value it set, can all be chained from `initial` to `final` (an Eulerian trail through the
 * values, whatever order they completed in). A change that overwrote another one without having
 * seen it breaks the chain: two changes start from the same value, or the final value is not
 * the end of any chain.
 */
export function changesChain(
  initial: number,
  final: number,
  changes: readonly { before: number; after: number }[],
): boolean {
  const edges = changes.filter((c) => c.before !== c.after);
  if (edges.length === 0) return initial === final;
  const balance = new Map<number, number>();
  const adjacent = new Map<number, Set<number>>();
  const link = (a: number, b: number) => {
    (adjacent.get(a) ?? adjacent.set(a, new Set()).get(a)!).add(b);
  };
  for (const { before, after } of edges) {
    balance.set(before, (balance.get(before) ?? 0) + 1);
    balance.set(after, (balance.get(after) ?? 0) - 1);
    link(before, after);
    link(after, before);
  }
  for (const [value, b] of balance) {
    const expected = initial === final ? 0 : value === initial ? 1 : value === final ? -1 : 0;
    if (b !== expected) return false;
  }
  if (initial !== final && ((balance.get(initial) ?? 0) !== 1 || (balance.get(final) ?? 0) !== -1)) return false;
  if (!adjacent.has(initial)) return false;
  // Every change must be reachable from the initial value (one connected trail).
  const seen = new Set([initial]);
  const queue = [initial];
  while (queue.length) {
    for (const next of adjacent.get(queue.pop()!) ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return [...adjacent.keys()].every((v) => seen.has(v));
}

/** A stable text of a JSON value with object keys sorted, to compare an audit row with what was sent. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/** Pairs each key of `wanted` with one unused equal key of `found`; returns the wanted keys left without a partner. */
export function unmatched(wanted: readonly string[], found: readonly string[]): string[] {
  const pool = new Map<string, number>();
  for (const f of found) pool.set(f, (pool.get(f) ?? 0) + 1);
  const missing: string[] = [];
  for (const w of wanted) {
    const n = pool.get(w) ?? 0;
    if (n > 0) pool.set(w, n - 1);
    else missing.push(w);
  }
  return missing;
}
