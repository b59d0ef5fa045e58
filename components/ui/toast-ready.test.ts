import { describe, expect, it } from 'vitest';

import { onRegionAsked, regionAsked, regionListening, whenRegionListens } from './toast-ready';

describe('a toast asked for before the region listens', () => {
  it('asks for the region once, and is given only when the region listens, so it is not lost', async () => {
    const asks: number[] = [];
    const stop = onRegionAsked(() => asks.push(asks.length));
    expect(regionAsked()).toBe(false);
    let shown = 0;
    const first = whenRegionListens().then(() => (shown += 1));
    const second = whenRegionListens().then(() => (shown += 1));
    await Promise.resolve();
    expect(asks).toHaveLength(1);
    expect(regionAsked()).toBe(true);
    expect(shown).toBe(0);
    const leave = regionListening();
    await Promise.all([first, second]);
    expect(shown).toBe(2);
    // while it listens a toast goes at once; once it has left, a toast waits for the next region
    await whenRegionListens();
    leave();
    let late = false;
    const third = whenRegionListens().then(() => (late = true));
    await Promise.resolve();
    expect(late).toBe(false);
    regionListening();
    await third;
    expect(late).toBe(true);
    stop();
  });
});
