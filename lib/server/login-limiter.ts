/**
 * Sliding-window limit of failed sign-ins per client address, in memory. The per-account
 * lockout lives in the database (staff-store); this one stops a single address from trying
 * many accounts.
 */
export class LoginLimiter {
  private failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures = 20,
    private readonly windowMs = 15 * 60_000,
  ) {}

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  isBlocked(key: string, now = Date.now()): boolean {
    return this.recent(key, now).length >= this.maxFailures;
  }

  recordFailure(key: string, now = Date.now()): void {
    this.failures.set(key, [...this.recent(key, now), now]);
  }

  reset(key: string): void {
    this.failures.delete(key);
  }
}
