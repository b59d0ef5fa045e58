import { describe, expect, it } from 'vitest';

import { KeyedLock } from './keyed-lock';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('KeyedLock', () => {
  it('runs holders of the same key one after the other, in arrival order', async () => {
    const lock = new KeyedLock();
    const log: string[] = [];
    const job = (name: string, keys: string[]) =>
      lock.run(keys, async () => {
        log.push(`${name} start`);
        await tick();
        log.push(`${name} end`);
        return name;
      });
    expect(await Promise.all([job('a', ['x']), job('b', ['x']), job('c', ['x'])])).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end', 'c start', 'c end']);
    expect(lock.size).toBe(0);
  });

  it('lets holders of different keys run at the same time', async () => {
    const lock = new KeyedLock();
    let running = 0;
    let most = 0;
    const job = (key: string) =>
      lock.run([key], async () => {
        most = Math.max(most, ++running);
        await tick();
        running--;
      });
    await Promise.all([job('x'), job('y'), job('z')]);
    expect(most).toBe(3);
  });

  it('does not deadlock on overlapping key sets given in any order, and waits for every key', async () => {
    const lock = new KeyedLock();
    const inside = new Set<string>();
    const overlaps: string[] = [];
    const job = (name: string, keys: string[]) =>
      lock.run(keys, async () => {
        for (const other of inside) overlaps.push(`${name}+${other}`);
        inside.add(name);
        await tick();
        inside.delete(name);
      });
    // a and b share key 2; b and c share key 3; a and c share nothing and may overlap
    await Promise.all([
      job('a', ['1', '2']),
      job('b', ['3', '2']),
      job('c', ['3', '4']),
      job('d', ['2', '1', '3', '4']),
    ]);
    expect(overlaps.every((o) => ['c+a', 'a+c'].includes(o))).toBe(true);
    expect(lock.size).toBe(0);
  });

  it('releases the keys when the holder fails', async () => {
    const lock = new KeyedLock();
    await expect(lock.run(['x'], () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await lock.run(['x'], async () => 'next')).toBe('next');
    expect(lock.size).toBe(0);
  });
});
