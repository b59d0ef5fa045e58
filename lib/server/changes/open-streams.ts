/**
 * The event streams open in this process, by member: counted for the cap per member, and closed
 * all at once when the process drains (scripts/server.ts: a stream never ends on its own, and a
 * deploy must not wait for it; the browser reconnects to another process and catches up with its
 * Last-Event-ID). Kept process-wide (lib/server/process-wide), which the server and the code Next bundles share. Plain
 * Node (no server-only): the server imports it.
 */
import { processWide } from '../process-wide';

/**
 * Open event streams one member may hold in one process. A browser holds one (its tabs share it,
 * components/providers/live-events.tsx); a few more cover a second browser, a phone, a tab of a
 * browser without Web Locks. Counted per process, as the render gate counts renders: a stream is
 * a socket of this process and ends with it (a count in the database would outlive a process that
 * died), and it guards this process's memory and sockets, not a budget shared by all of them.
 */
export const STREAMS_PER_MEMBER = 6;

interface OpenStreams {
  byMember: Map<string, Set<() => void>>;
}

const state = (): OpenStreams =>
  processWide('the event streams open in this process, by member', () => ({ byMember: new Map() }));

/** Open streams of a member in this process. */
export const streamsOf = (memberId: string): number => state().byMember.get(memberId)?.size ?? 0;

/** Counts a stream of `memberId`; returns what forgets it (call once it is closed). */
export function addStream(memberId: string, close: () => void): () => void {
  const byMember = state().byMember;
  const set = byMember.get(memberId) ?? new Set();
  set.add(close);
  byMember.set(memberId, set);
  return () => {
    set.delete(close);
    if (!set.size && byMember.get(memberId) === set) byMember.delete(memberId);
  };
}

/** Closes every stream of this process (the process is draining); returns how many. */
export function closeAllStreams(): number {
  const all = [...state().byMember.values()].flatMap((s) => [...s]);
  for (const close of all) close();
  return all.length;
}
