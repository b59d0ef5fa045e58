/** The sandbox's request log, read around a measurement: what the dashboard sent the API for it. */
import { sandboxControls, type LoggedRequest } from '../../lib/sandbox/control-client';

/** The request log of the sandbox at `sandboxUrl` after `since`. */
export const sandboxLog = (sandboxUrl: string, since = 0): Promise<LoggedRequest[]> =>
  sandboxControls(sandboxUrl).requests(since);
/** The sequence number of the log's last entry, to read what follows. */
export const requestMark = (sandboxUrl: string): Promise<number> => sandboxControls(sandboxUrl).requestMark();

/** API requests (method, path, query and entity context) sent more than once in one batch. */
export function repeatedRequests(entries: readonly LoggedRequest[]): string[] {
  const seen = new Map<string, number>();
  for (const e of entries) {
    if (!e.path.startsWith('/v2/')) continue;
    const key = `${e.method} ${e.path}${e.query} @${e.context ?? 'default'}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return [...seen].filter(([, n]) => n > 1).map(([k, n]) => `${k} ×${n}`);
}

/** Milliseconds covered by at least one of the requests (parallel requests count once). */
export function busyMs(entries: readonly LoggedRequest[]): number {
  const spans = entries
    .filter((e) => e.started_ms !== undefined && e.duration_ms !== undefined)
    .map((e) => [e.started_ms!, e.started_ms! + e.duration_ms!] as const)
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = -Infinity;
  for (const [from, to] of spans) {
    if (to <= end) continue;
    total += to - Math.max(from, end);
    end = to;
  }
  return total;
}
