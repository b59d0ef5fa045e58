import 'server-only';

import { GuestbookApiError } from '../guestbook';
import { describeApiError } from './api-errors';

export type ReadResult<T> = { ok: true; data: T } | { ok: false; error: string; status?: number };

/** Runs a server read and turns an API failure into a message the page shows in its error state. */
export async function readApi<T>(read: () => Promise<T>): Promise<ReadResult<T>> {
  try {
    return { ok: true, data: await read() };
  } catch (e) {
    if (e instanceof GuestbookApiError) return { ok: false, error: describeApiError(e).message, status: e.status };
    throw e;
  }
}
