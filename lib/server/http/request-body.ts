import { said } from '@/lib/i18n/said';

import { InputRefused } from './action';

/** What a limited body is, in a refusal: an upload, or another request. */
export type BodyKind = 'upload' | 'request';

const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;

/**
 * A request's body read as a stream, stopping at `maxBytes`: a body that declares more (its
 * Content-Length) is refused before a byte is read, and one that turns out larger as it arrives
 * (chunked, or lying about its length) is refused as soon as it passes the limit, without
 * waiting for the rest. Either way: InputRefused with status 413 naming the limit.
 */
export async function readBodyLimited(
  request: Request,
  maxBytes: number,
  what: BodyKind,
  limitLabel = mb(maxBytes),
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes)
    throw new InputRefused(said('errors.body.tooLarge', { what, size: mb(declared), limit: limitLabel }), 413);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      // Stop reading: what the client still sends is not buffered (the connection ends with the answer).
      reader.releaseLock();
      throw new InputRefused(said('errors.body.overLimit', { what, limit: limitLabel }), 413);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    body.set(c, at);
    at += c.byteLength;
  }
  return body;
}

/** A multipart/form-data body read with readBodyLimited, then parsed. */
export async function readFormLimited(
  request: Request,
  maxBytes: number,
  what: BodyKind,
  limitLabel?: string,
): Promise<FormData> {
  const body = await readBodyLimited(request, maxBytes, what, limitLabel);
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data;/i.test(type)) throw new InputRefused(said('errors.body.notMultipart', { what }), 415);
  try {
    return await new Response(body, { headers: { 'content-type': type } }).formData();
  } catch {
    throw new InputRefused(said('errors.body.badMultipart', { what }), 400);
  }
}
