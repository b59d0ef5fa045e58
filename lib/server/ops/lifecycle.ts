/**
 * The process's lifecycle, shared between the HTTP server (scripts/server.ts) and the code Next
 * runs, which it bundles as a separate module instance: the state is process-wide (lib/server/process-wide).
 *
 * On SIGTERM the server stops taking connections and marks the process draining: readiness then
 * answers 503, and the server waits (bounded) until no allocation apply is running before it
 * exits, so an apply is never cut between its two phases by a deploy; background work registered
 * here (the directory's sync) is stopped before it exits.
 */
import { processWide } from '../process-wide';

interface Lifecycle {
  draining: boolean;
  applies: number;
  idle: Set<() => void>;
  /** background work to stop on shutdown (the directory's sync) */
  stops?: Set<() => Promise<void>>;
}

const state = (): Lifecycle =>
  processWide('the lifecycle: draining, applies running', () => ({ draining: false, applies: 0, idle: new Set() }));

export function isDraining(): boolean {
  return state().draining;
}

export function startDraining(): void {
  state().draining = true;
}

/** Allocation applies running right now. */
export function runningApplies(): number {
  return state().applies;
}

/** Runs `fn` counted as a running apply. */
export async function asApply<T>(fn: () => Promise<T>): Promise<T> {
  const s = state();
  s.applies++;
  try {
    return await fn();
  } finally {
    s.applies--;
    if (s.applies === 0) for (const resolve of s.idle) resolve();
  }
}

/** Resolves true once no apply runs, or false after `ms`. */
export function appliesFinished(ms: number): Promise<boolean> {
  const s = state();
  if (s.applies === 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (finished: boolean) => {
      clearTimeout(timer);
      s.idle.delete(onIdle);
      resolve(finished);
    };
    const onIdle = () => done(true);
    const timer = setTimeout(() => done(false), ms);
    s.idle.add(onIdle);
  });
}

/** Background work of this process (the directory's sync) to stop on graceful shutdown. */
export function onShutdown(stop: () => Promise<void>): void {
  (state().stops ??= new Set()).add(stop);
}

/** Stops the background work, each at most `ms`. */
export async function stopBackgroundWork(ms: number): Promise<void> {
  const stops = [...(state().stops ?? [])];
  await Promise.all(
    stops.map((stop) => Promise.race([stop().catch(() => undefined), new Promise((r) => setTimeout(r, ms).unref())])),
  );
}
