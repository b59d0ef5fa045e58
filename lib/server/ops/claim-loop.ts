/**
 * A process's loop over work stored in the dashboard's database for any process to take on (bulk
 * jobs, held changes): it claims the next item, does it, then the next, until none is left, and
 * looks again every `everyMs` and whenever woken. One item at a time per process; an item whose
 * work throws is left to its claim's lapse (another process, or this one, takes it on then). On
 * graceful shutdown the item being done ends and no other is claimed.
 */
import { logUnexpected } from '../log';
import { onShutdown } from './lifecycle';

export interface ClaimLoopOptions<T> {
  /** what the log names it */
  name: string;
  everyMs: number;
  /** claims the next item, or null when none is free */
  claim: () => Promise<T | null>;
  /** does it; `stopping` says when the process is shutting down */
  work: (item: T, stopping: () => boolean) => Promise<void>;
}

export class ClaimLoop<T> {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = false;

  constructor(private readonly options: ClaimLoopOptions<T>) {}

  /** Starts looking every `everyMs` and now; stopped on graceful shutdown. */
  start(): this {
    this.#timer = setInterval(() => this.wake(), this.options.everyMs);
    this.#timer.unref();
    onShutdown(() => this.stop());
    this.wake();
    return this;
  }

  /** Looks now (an item was just stored); while a run goes on, once more after it. */
  wake(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.#drain().finally(() => {
      this.#running = undefined;
      if (this.#again) {
        this.#again = false;
        this.wake();
      }
    });
  }

  /** Looks just after `due` (an item stored to be done then). */
  wakeAt(due: Date): void {
    setTimeout(() => this.wake(), Math.max(0, due.getTime() - Date.now()) + 50).unref();
  }

  async #drain(): Promise<void> {
    const { name, claim, work } = this.options;
    try {
      for (let item = await claim(); item && !this.#stopped; item = await claim())
        try {
          await work(item, () => this.#stopped);
        } catch (e) {
          // Taken on again once its claim lapses (the API unreachable, the database gone for a moment).
          logUnexpected(name, e);
          return;
        }
    } catch (e) {
      logUnexpected(name, e);
    }
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    await this.#running;
  }
}
