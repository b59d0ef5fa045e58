/**
 * Reading what the dashboard answered the load test's requests: the React Server Components
 * payload of a page, a prop inside it, and the result of a server action. Tested in checks.test.ts.
 */

/** The React Server Components payload a page's HTML carries (the `self.__next_f.push([1, "…"])` chunks). */
export function flightOf(html: string): string {
  return [...html.matchAll(/self\.__next_f\.push\(\[1,("(?:[^"\\]|\\.)*")\]\)/g)]
    .map((m) => JSON.parse(m[1]!) as string)
    .join('');
}

/**
 * Whether a page's flight holds a render error: an error row (`<id>:E{"digest":…}`) other than
 * Next's own signals (`NEXT_NOT_FOUND`, `NEXT_REDIRECT…`). Only error rows count: a catalog's
 * message may be keyed `digest` (a daily digest's channel) without anything having failed.
 */
export function hasRenderError(flight: string): boolean {
  return [...flight.matchAll(/:E\{"digest":"([^"]*)"/g)].some((m) => !m[1]!.startsWith('NEXT_'));
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

/**
 * The value of the first `"key":` in `text` that holds an object or an array, or undefined. With
 * `startsWith`, the first whose value starts so (`{"entityIds":`): a page's payload also carries
 * its messages, whose namespaces may share a prop's name.
 */
export function jsonProp(text: string, key: string, startsWith = ''): unknown {
  const needle = `"${key}":${startsWith}`;
  const at = text.indexOf(needle);
  if (at < 0) return undefined;
  return jsonValueAt(text, at + key.length + 3);
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
