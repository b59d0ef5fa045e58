import { said } from '@/lib/i18n/said';

import { InputRefused } from './action';

/** What a limited body is, in a refusal: an upload, or another request. */
export type BodyKind = 'upload' | 'request';

/**
 * A size as a refusal says it: a number of kilobytes under a megabyte, of megabytes from one, and
 * which it is (`{size, number, ::.#} {sizeUnit, select, kB {kB} other {MB}}`, each language
 * writing its units).
 */
function sized(name: 'size' | 'limit', bytes: number): Record<string, number | string> {
  const kilobytes = bytes < 1024 * 1024;
  return { [name]: bytes / (kilobytes ? 1024 : 1024 * 1024), [`${name}Unit`]: kilobytes ? 'kB' : 'MB' };
}

/**
 * A request's body read as a stream, stopping at `maxBytes`: a body that declares more (its
 * Content-Length) is refused before a byte is read, and one that turns out larger as it arrives
 * (chunked, or lying about its length) is refused as soon as it passes the limit, without
 * waiting for the rest. Either way: InputRefused with status 413 naming the limit: `shownMaxBytes`,
 * when the limit a person is told differs from the one read (a file's, where the body also holds
 * its envelope).
 */
export async function readBodyLimited(
  request: Request,
  maxBytes: number,
  what: BodyKind,
  shownMaxBytes = maxBytes,
): Promise<Uint8Array<ArrayBuffer>> {
  const limit = sized('limit', shownMaxBytes);
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes)
    throw new InputRefused(said('errors.body.tooLarge', { what, ...sized('size', declared), ...limit }), 413);
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
      throw new InputRefused(said('errors.body.overLimit', { what, ...limit }), 413);
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
  shownMaxBytes?: number,
): Promise<FormData> {
  const body = await readBodyLimited(request, maxBytes, what, shownMaxBytes);
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data;/i.test(type)) throw new InputRefused(said('errors.body.notMultipart', { what }), 415);
  try {
    return await new Response(body, { headers: { 'content-type': type } }).formData();
  } catch {
    throw new InputRefused(said('errors.body.badMultipart', { what }), 400);
  }
}
