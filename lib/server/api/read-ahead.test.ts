import { describe, expect, it } from 'vitest';

import { readWithGuess } from './read-ahead';

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};

describe('readWithGuess', () => {
  it('starts the read with the guess before the value arrives, and keeps its answer when the guess was right', async () => {
    const actual = deferred<string>();
    const reads: string[] = [];
    const answer = readWithGuess(
      'a',
      actual.promise,
      (x, y) => x === y,
      async (v) => (reads.push(v), `read ${v}`),
    );
    await Promise.resolve();
    expect(reads).toEqual(['a']);
    actual.resolve('a');
    expect(await answer).toBe('read a');
    expect(reads).toEqual(['a']);
  });

  it('reads again with the value when the guess was wrong, and never answers from the guess', async () => {
    const reads: string[] = [];
    const answer = await readWithGuess(
      'a',
      Promise.resolve('b'),
      (x, y) => x === y,
      async (v) => (reads.push(v), v),
    );
    expect(answer).toBe('b');
    expect(reads).toEqual(['a', 'b']);
  });

  it('waits for the value when there is no guess', async () => {
    const actual = deferred<string>();
    const reads: string[] = [];
    const answer = readWithGuess(
      undefined,
      actual.promise,
      (x, y) => x === y,
      async (v) => (reads.push(v), v),
    );
    await Promise.resolve();
    expect(reads).toEqual([]);
    actual.resolve('c');
    expect(await answer).toBe('c');
  });

  it('a failed early read on a wrong guess is replaced by the right read; a failure of the value is the answer', async () => {
    const answer = await readWithGuess(
      'a',
      Promise.resolve('b'),
      (x, y) => x === y,
      async (v) => {
        if (v === 'a') throw new Error('not yours');
        return v;
      },
    );
    expect(answer).toBe('b');
    await expect(
      readWithGuess(
        'a',
        Promise.reject(new Error('list failed')),
        (x, y) => x === y,
        async (v) => v,
      ),
    ).rejects.toThrow('list failed');
  });
});
