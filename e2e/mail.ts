import type { APIRequestContext } from '@playwright/test';

import { MAIL_URL } from './env';

/** A mail the catcher holds (lib/mail-catcher), with the fields the specs read. */
export interface CaughtMail {
  subject: string;
  text: string;
  html: string | null;
  to: string[];
  headers: Record<string, string>;
}

/** The mails this worker's mail catcher (or the one at `base`) caught for `to`, newest first. */
export async function mailsTo(request: APIRequestContext, to: string, base: string = MAIL_URL): Promise<CaughtMail[]> {
  const res = await request.get(`${base}/messages.json?to=${encodeURIComponent(to)}`);
  if (!res.ok()) throw new Error(`the mail catcher answered ${res.status()}`);
  return (await res.json()) as CaughtMail[];
}

/** `timeZone`'s wall clock (HH:MM) `ms` after now, rounded up to the next whole minute. */
export function wallTimeIn(timeZone: string, ms: number): string {
  const at = new Date(Math.ceil((Date.now() + ms) / 60_000) * 60_000);
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    at,
  );
}
