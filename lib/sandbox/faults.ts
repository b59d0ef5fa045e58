import { z } from 'zod';

import { ApiProblem } from './problem';

export const FaultSettingsSchema = z.strictObject({
  latency_ms: z.number().int().min(0).max(30_000).default(0),
  error_rate: z.number().min(0).max(1).default(0),
  drop_rate: z.number().min(0).max(1).default(0),
  rate_limit_storm: z.boolean().default(false),
  /** the rate-limit window in seconds (the API's is a minute): a shorter one ends a storm's wait sooner */
  rate_limit_window_s: z.number().int().min(1).max(60).default(60),
  token_down: z.boolean().default(false),
  /** fail chosen requests on purpose: after `skip` matching ones, the next `count` get `status` */
  fail_requests: z
    .array(
      z.strictObject({
        method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
        path: z.string().startsWith('/v2/'),
        status: z.number().int().min(400).max(599),
        skip: z.number().int().min(0).default(0),
        count: z.number().int().min(1).default(1),
      }),
    )
    .max(20)
    .default([]),
});
export type FaultSettings = z.infer<typeof FaultSettingsSchema>;

/** Injected misbehaviour for tests of the dashboard's resilience (outside /_sandbox only). */
export class Faults {
  settings: FaultSettings = FaultSettingsSchema.parse({});

  get tokenDown(): boolean {
    return this.settings.token_down;
  }

  get rateLimitStorm(): boolean {
    return this.settings.rate_limit_storm;
  }

  get rateLimitWindowS(): number {
    return this.settings.rate_limit_window_s;
  }

  async before(method: string, path: string): Promise<'drop' | void> {
    const s = this.settings;
    if (s.latency_ms) await new Promise((r) => setTimeout(r, s.latency_ms));
    if (path === '/oauth/token' || path.startsWith('/.well-known')) return;
    const rule = s.fail_requests.find((r) => r.method === method && r.path === path && r.count > 0);
    if (rule) {
      if (rule.skip > 0) rule.skip--;
      else {
        rule.count--;
        throw new ApiProblem(rule.status, `The sandbox failed ${method} ${path} on purpose (fault control).`);
      }
    }
    if (s.drop_rate && Math.random() < s.drop_rate) return 'drop';
    if (s.error_rate && Math.random() < s.error_rate)
      throw new ApiProblem(503, 'The sandbox injected a server error (fault control).');
  }
}
