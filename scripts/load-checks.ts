/**
 * The pure parts of `npm run test:load` (scripts/load.ts): reading what a page or a server action
 * answered, and the checks run on the figures afterwards. Tested in load-checks.test.ts.
 */

export const quantile = (xs: readonly number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] ?? NaN;
};

/** The React Server Components payload a page's HTML carries (the `self.__next_f.push([1, "…"])` chunks). */
export function flightOf(html: string): string {
  return [...html.matchAll(/self\.__next_f\.push\(\[1,("(?:[^"\\]|\\.)*")\]\)/g)].map((m) => JSON.parse(m[1]!) as string).join('');
}

/** The JSON value (object or array) that starts at `text[start]`, read up to its matching bracket. */
export function jsonValueAt(text: string, start: number): unknown {
  const open = text[start];
  if (open !== '{' && open !== '[') throw new SyntaxError(`no JSON object or array at ${start}`);
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') {
      depth--;
      if (depth === 0) return JSON.parse(text.slice(start, i + 1));
    }
  }
  throw new SyntaxError('unterminated JSON value');
}

/** The value of the first `"key":` in `text` that holds an object or an array, or undefined. */
export function jsonProp(text: string, key: string, before?: number): unknown {
  const needle = `"${key}":`;
  const at = before === undefined ? text.indexOf(needle) : text.lastIndexOf(needle, before);
  if (at < 0) return undefined;
  return jsonValueAt(text, at + needle.length);
}

/**
 * What a server action returned, from its `text/x-component` answer: row 0 names the row that
 * holds the result (`"a":"$@1"`), which is plain JSON for the results of this product's actions.
 */
export function actionResult(body: string): unknown {
  const rows = new Map<string, string>();
  for (const line of body.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0 && /^[0-9a-f]+$/.test(line.slice(0, colon))) rows.set(line.slice(0, colon), line.slice(colon + 1));
  }
  const head = rows.get('0');
  if (!head) return undefined;
  const ref = /"a":"\$@([0-9a-f]+)"/.exec(head)?.[1];
  const row = ref ? rows.get(ref) : undefined;
  if (!row) return undefined;
  try {
    return JSON.parse(row);
  } catch {
    return undefined;
  }
}

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
export function changesChain(initial: number, final: number, changes: readonly { before: number; after: number }[]): boolean {
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

/** The largest number of timestamps (ms) inside any span of `windowMs` (start included, end excluded). */
export function peakInWindow(times: readonly number[], windowMs: number): { count: number; from: number | null } {
  const sorted = [...times].sort((a, b) => a - b);
  let best = { count: 0, from: null as number | null };
  let lo = 0;
  for (let hi = 0; hi < sorted.length; hi++) {
    while (sorted[hi]! - sorted[lo]! >= windowMs) lo++;
    if (hi - lo + 1 > best.count) best = { count: hi - lo + 1, from: sorted[lo]! };
  }
  return best;
}

/** Counts per fixed minute (the windows the API resets every 60 s), keyed by the minute's start. */
export function perFixedMinute(times: readonly number[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const t of times) {
    const minute = Math.floor(t / 60_000) * 60_000;
    out.set(minute, (out.get(minute) ?? 0) + 1);
  }
  return out;
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
