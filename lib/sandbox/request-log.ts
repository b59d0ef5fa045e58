import type { LoggedRequest } from './control-client';

export type { LoggedRequest };

const LOG_SIZE = 10_000;

/** The last requests the sandbox received (never their headers or bodies), and rate-limit windows. */
export class RequestLog {
  #seq = 0;
  #entries: LoggedRequest[] = [];
  readonly #windows = new Map<string, { start: number; count: number }>();

  add(entry: Omit<LoggedRequest, 'seq'>): LoggedRequest {
    const logged = { seq: ++this.#seq, ...entry };
    this.#entries.push(logged);
    if (this.#entries.length > LOG_SIZE) this.#entries.splice(0, this.#entries.length - LOG_SIZE);
    return logged;
  }

  since(seq: number): LoggedRequest[] {
    return this.#entries.filter((e) => e.seq > seq);
  }

  /** Counts one request in the client's fixed 60-second window and returns the window. */
  rateWindow(clientId: string, now: Date, seconds = 60): { count: number; reset: number } {
    const start = Math.floor(now.getTime() / (seconds * 1000)) * seconds;
    const w = this.#windows.get(clientId);
    const window = w && w.start === start ? w : { start, count: 0 };
    window.count++;
    this.#windows.set(clientId, window);
    return { count: window.count, reset: start + seconds };
  }

  resetWindows(): void {
    this.#windows.clear();
  }
}
