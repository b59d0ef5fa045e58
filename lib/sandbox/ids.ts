import { createHash, randomUUID } from 'node:crypto';

/** A stable UUID derived from a name (RFC 4122 version 5 layout), so seeded worlds are reproducible. */
export function uuidFrom(name: string): string {
  const h = createHash('sha1').update(`guestbook-sandbox:${name}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

export const newId = (): string => randomUUID();

/** A small deterministic PRNG (mulberry32) for seed data. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
