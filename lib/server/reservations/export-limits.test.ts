import { describe, expect, it } from 'vitest';

import { openMemoryDb } from '../db/memory-db.fixture';
import {
  EXPORT_BUDGET_SHARE,
  EXPORT_LEASE_MS,
  ExportPacer,
  exportPagesPerMinute,
  takeExportSlot,
} from './export-limits';

/** A virtual clock: sleepers wake in time order when the test advances it. */
function virtualTime() {
  let now = 0;
  const sleepers: { at: number; wake: () => void }[] = [];
  const settle = () => new Promise<void>((r) => setImmediate(r));
  return {
    now: () => now,
    sleep: (ms: number) => new Promise<void>((wake) => sleepers.push({ at: now + ms, wake })),
    /** runs every sleeper due until `until` */
    async runUntil(until: number) {
      for (;;) {
        await settle();
        sleepers.sort((a, b) => a.at - b.at);
        const next = sleepers[0];
        if (!next || next.at > until) break;
        sleepers.shift();
        now = Math.max(now, next.at);
        next.wake();
      }
      now = until;
    },
  };
}

describe('export limits', () => {
  it('a share of a quarter of the client budget: 225 pages a minute of its 900', () => {
    expect(EXPORT_BUDGET_SHARE).toBe(1 / 4);
    expect(exportPagesPerMinute(900)).toBe(225);
  });

  it('exports together never read more than their share of the budget in any 60 s, however many run', async () => {
    const time = virtualTime();
    const perMinute = exportPagesPerMinute(900);
    const pacer = new ExportPacer(perMinute, time.now, time.sleep);
    const reads: number[] = [];
    let stop = false;
    // Five exports reading pages as fast as they are let through, for five simulated minutes.
    const exporters = Array.from({ length: 5 }, async () => {
      while (!stop) {
        await pacer.take();
        if (!stop) reads.push(time.now());
      }
    });
    await time.runUntil(5 * 60_000);
    stop = true;
    await time.runUntil(7 * 60_000);
    await Promise.race([Promise.all(exporters), new Promise((r) => setTimeout(r, 100))]);

    expect(reads.length).toBeGreaterThanOrEqual(perMinute * 5); // they do get their share
    for (const at of reads) {
      const inWindow = reads.filter((t) => t >= at && t < at + 60_000).length;
      expect(inWindow, `reads in the 60 s from ${at} ms`).toBeLessThanOrEqual(perMinute);
    }
  });

  it('stops waiting when the export is cancelled', async () => {
    const pacer = new ExportPacer(1, () => 0);
    await pacer.take();
    const abort = new AbortController();
    const waiting = pacer.take(abort.signal);
    abort.abort(new Error('cancelled'));
    await expect(waiting).rejects.toThrow('cancelled');
  });

  it('one export per staff member at a time, in the database; a slot whose lease ran out is taken over', async () => {
    const { db, close } = await openMemoryDb();
    try {
      const now = new Date('2026-11-23T10:00:00Z');
      const [a, b] = ['00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-00000000000b'];
      const attempts = await Promise.all(Array.from({ length: 5 }, () => takeExportSlot(db, a, now)));
      expect(attempts.filter(Boolean)).toHaveLength(1);
      expect(await takeExportSlot(db, b, now)).not.toBeNull();
      const release = attempts.find(Boolean)!;
      await release();
      await release();
      const again = await takeExportSlot(db, a, now);
      expect(again).not.toBeNull();
      expect(await takeExportSlot(db, a, new Date(now.getTime() + EXPORT_LEASE_MS - 1))).toBeNull();
      expect(await takeExportSlot(db, a, new Date(now.getTime() + EXPORT_LEASE_MS))).not.toBeNull();
      // The first run's late release does not free the run that took over its expired slot.
      await again!();
      expect(await takeExportSlot(db, a, new Date(now.getTime() + EXPORT_LEASE_MS))).toBeNull();
    } finally {
      await close();
    }
  });
});
