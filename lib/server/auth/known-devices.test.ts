import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openMemoryDb } from '../db/memory-db.fixture';
import type { OpenedDb } from '../db/open';
import { knownDevices } from '../db/schema-sign-in';
import { DEVICE_COOKIE_DAYS, DEVICES_PER_BROWSER, deviceTokenHash, deviceTokensOf } from './device-cookie';
import { endKnownDevices, forgetUnusedDevices, knownDeviceOf, rememberDevice } from './known-devices';
import { createStaff, removeStaff } from './staff-store';

let opened: OpenedDb;
beforeAll(async () => {
  opened = await openMemoryDb();
});
afterAll(() => opened.close());

const now = new Date('2026-11-29T10:00:00Z');
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);
let n = 0;
const member = async () =>
  (
    await createStaff(opened.db, {
      email: `device.${++n}@example.com`,
      name: `Device ${n}`,
      role: 'viewer',
      password: 'correct horse battery',
    })
  ).id;

describe('known devices', () => {
  it('one browser keeps the devices of several accounts; signing in to one does not drop another', async () => {
    const [ana, bo] = [await member(), await member()];
    let cookie = await rememberDevice(opened.db, ana, [], null, now);
    const anaDevice = await knownDeviceOf(opened.db, ana, deviceTokensOf(cookie), now);
    expect(anaDevice).not.toBeNull();
    cookie = await rememberDevice(opened.db, bo, deviceTokensOf(cookie), null, now);
    expect(deviceTokensOf(cookie)).toHaveLength(2);
    expect(await knownDeviceOf(opened.db, ana, deviceTokensOf(cookie), now)).toBe(anaDevice);
    const boDevice = await knownDeviceOf(opened.db, bo, deviceTokensOf(cookie), now);
    expect(boDevice).not.toBeNull();
    expect(boDevice).not.toBe(anaDevice);
    // Ana signs in again on it: the same device, its token first, no new row.
    const again = await rememberDevice(opened.db, ana, deviceTokensOf(cookie), anaDevice, days(1));
    expect(await knownDeviceOf(opened.db, ana, deviceTokensOf(again).slice(0, 1), days(1))).toBe(anaDevice);
    expect(await knownDeviceOf(opened.db, bo, deviceTokensOf(again), days(1))).toBe(boDevice);
    expect(await opened.db.select().from(knownDevices).where(eq(knownDevices.staffId, ana))).toHaveLength(1);
  });

  it(`holds at most ${DEVICES_PER_BROWSER} accounts' devices, the least recently signed in dropped`, async () => {
    const accounts = await Promise.all(Array.from({ length: DEVICES_PER_BROWSER + 1 }, member));
    let cookie = '';
    for (const id of accounts) cookie = await rememberDevice(opened.db, id, deviceTokensOf(cookie), null, now);
    expect(deviceTokensOf(cookie)).toHaveLength(DEVICES_PER_BROWSER);
    expect(await knownDeviceOf(opened.db, accounts[0]!, deviceTokensOf(cookie), now)).toBeNull();
    for (const id of accounts.slice(1))
      expect(await knownDeviceOf(opened.db, id, deviceTokensOf(cookie), now)).not.toBeNull();
  });

  it('ended devices stop counting at once, and are dropped from the cookie at its next sign-in', async () => {
    const [ana, bo] = [await member(), await member()];
    const cookie = await rememberDevice(
      opened.db,
      bo,
      deviceTokensOf(await rememberDevice(opened.db, ana, [], null, now)),
      null,
      now,
    );
    const copy = deviceTokensOf(cookie);
    await endKnownDevices(opened.db, ana);
    expect(await knownDeviceOf(opened.db, ana, copy, now)).toBeNull();
    expect(await knownDeviceOf(opened.db, bo, copy, now)).not.toBeNull();
    // Ana signs in again: a new device; the ended token is not kept.
    const next = deviceTokensOf(await rememberDevice(opened.db, ana, copy, null, now));
    expect(next).toHaveLength(2);
    expect(next.filter((t) => copy.includes(t))).toHaveLength(1);
    expect(await knownDeviceOf(opened.db, ana, next, now)).not.toBeNull();
    expect(await knownDeviceOf(opened.db, ana, copy, now)).toBeNull();
  });

  it(`expire ${DEVICE_COOKIE_DAYS} days after their last sign-in, and go with a removed account`, async () => {
    const ana = await member();
    const cookie = deviceTokensOf(await rememberDevice(opened.db, ana, [], null, now));
    expect(await knownDeviceOf(opened.db, ana, cookie, days(DEVICE_COOKIE_DAYS - 1))).not.toBeNull();
    expect(await knownDeviceOf(opened.db, ana, cookie, days(DEVICE_COOKIE_DAYS))).toBeNull();
    const hash = deviceTokenHash(cookie[0]!);
    await forgetUnusedDevices(opened.db, days(DEVICE_COOKIE_DAYS + 1));
    expect(await opened.db.select().from(knownDevices).where(eq(knownDevices.tokenHash, hash))).toEqual([]);

    const bo = await member();
    const bos = deviceTokensOf(await rememberDevice(opened.db, bo, [], null, now));
    const [row] = await opened.db.select().from(knownDevices).where(eq(knownDevices.staffId, bo));
    expect(row!.tokenHash).toBe(deviceTokenHash(bos[0]!));
    expect(row!.tokenHash).not.toBe(bos[0]);
    await removeStaff(opened.db, `device.${n}@example.com`);
    expect(await opened.db.select().from(knownDevices).where(eq(knownDevices.staffId, bo))).toEqual([]);
  });
});
