import { describe, expect, it } from 'vitest';

import { cookieValue, FairTurns } from './fair-turns';

const tick = () => new Promise((r) => setImmediate(r));

describe('FairTurns', () => {
  it('answers at most N requests of one key at once, the rest in order of arrival, and others at once', async () => {
    const turns = new FairTurns(2);
    const started: string[] = [];
    const releases = new Map<string, () => void>();
    for (const name of ['a1', 'a2', 'a3', 'a4'])
      void turns.take('a').then((release) => (started.push(name), releases.set(name, release)));
    void turns.take('b').then((release) => (started.push('b1'), releases.set('b1', release)));
    await tick();
    expect(started).toEqual(['a1', 'a2', 'b1']);
    expect(turns.waiting('a')).toBe(2);
    releases.get('a2')!();
    releases.get('a2')!(); // a second release changes nothing
    await tick();
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3']);
    releases.get('a1')!();
    await tick();
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3', 'a4']);
    expect(turns.waiting('a')).toBe(0);
  });
});

describe('cookieValue', () => {
  it('finds the named cookie among others, and nothing for a name that is only a prefix or empty', () => {
    const header = 'gb_entity=e1; next-auth.session-token=abc.def=; x=1';
    expect(cookieValue(header, 'next-auth.session-token')).toBe('abc.def=');
    expect(cookieValue(header, 'session-token')).toBeUndefined();
    expect(cookieValue('next-auth.session-token=', 'next-auth.session-token')).toBeUndefined();
    expect(cookieValue(undefined, 'x')).toBeUndefined();
  });
});
