import { describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));
vi.mock('../auth/auth', () => ({ verifySession: async () => null }));
vi.mock('../audit/audit', () => ({ recordAudit: async () => undefined }));
const { InputRefused } = await import('./action');
const { readBodyLimited, readFormLimited } = await import('./request-body');

/** A chunked body of `chunks` pieces of `size` bytes, counting how many were pulled from it. */
function chunkedRequest(chunks: number, size: number) {
  const pulled = { count: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.count === chunks) return controller.close();
      pulled.count++;
      controller.enqueue(new Uint8Array(size));
    },
  });
  const request = new Request('http://127.0.0.1/upload', { method: 'POST', body, duplex: 'half' } as RequestInit);
  return { request, pulled };
}

describe('readBodyLimited', () => {
  it('refuses a chunked body as soon as it passes the limit, without reading the rest', async () => {
    const { request, pulled } = chunkedRequest(144, 64 * 1024); // 9 MB
    const refusal = await readBodyLimited(request, 2 * 1024 * 1024, 'upload').catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(InputRefused);
    expect((refusal as InstanceType<typeof InputRefused>).status).toBe(413);
    expect((refusal as Error).message).toBe('The upload is larger than the limit of 2 MB.');
    expect(pulled.count).toBeLessThanOrEqual(33 + 1); // 2 MB is 32 chunks; the stream may pull one ahead
  });

  it('refuses a declared length over the limit before reading', async () => {
    const { request } = chunkedRequest(1, 10);
    const declared = new Request(request, { headers: { 'content-length': String(9 * 1024 * 1024) } });
    await expect(readBodyLimited(declared, 2 * 1024 * 1024, 'upload')).rejects.toThrow(
      'The upload is 9 MB; the limit is 2 MB.',
    );
    expect(declared.bodyUsed).toBe(false);
  });

  it('names a limit under a megabyte in kilobytes, and the limit it is told to show', async () => {
    const { request } = chunkedRequest(1, 10);
    const declared = new Request(request, { headers: { 'content-length': String(4 * 1024) } });
    await expect(readBodyLimited(declared, 1024, 'request')).rejects.toThrow('The request is 4 kB; the limit is 1 kB.');
    const upload = new Request(chunkedRequest(1, 10).request, {
      headers: { 'content-length': String(2.25 * 1024 * 1024) },
    });
    await expect(readBodyLimited(upload, 2.1 * 1024 * 1024, 'upload', 2 * 1024 * 1024)).rejects.toThrow(
      'The upload is 2.3 MB; the limit is 2 MB.',
    );
  });

  it('returns a body within the limit whole', async () => {
    const { request } = chunkedRequest(3, 1000);
    expect((await readBodyLimited(request, 3000, 'upload')).byteLength).toBe(3000);
  });

  it('parses a form within the limit and names a body that is not one', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'a.png');
    const ok = await readFormLimited(new Request('http://127.0.0.1/', { method: 'POST', body: form }), 1000, 'upload');
    expect((ok.get('file') as File).size).toBe(3);
    const bad = new Request('http://127.0.0.1/', {
      method: 'POST',
      body: 'not a form',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    await expect(readFormLimited(bad, 1000, 'upload')).rejects.toThrow('not a well-formed multipart/form-data body');
  });
});
