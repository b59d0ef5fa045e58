import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { createStaff, setStaffPassword } from '../auth/staff-store';
import { openMemoryDb } from '../db/memory-db.fixture';
import type { OpenedDb } from '../db/open';
import { logUnexpected } from './log';

let opened: OpenedDb;
beforeAll(async () => {
  opened = await openMemoryDb();
});
afterAll(() => opened.close());

describe('unexpected failures in the log', () => {
  it('a database failure during a password change logs no hash, no password and no query text', async () => {
    const s = await createStaff(opened.db, {
      email: 'log@example.com',
      name: 'Log',
      role: 'viewer',
      password: 'correct horse battery',
    });
    // The table goes away under the running code: the UPDATE fails with its parameters in the message.
    await opened.db.execute('ALTER TABLE staff_users RENAME COLUMN password_hash TO password_hash_gone');
    const failure = await setStaffPassword(opened.db, s.id, 'the new secret password', false).then(
      () => undefined,
      (e: unknown) => e,
    );
    await opened.db.execute('ALTER TABLE staff_users RENAME COLUMN password_hash_gone TO password_hash');
    expect(failure).toBeInstanceOf(Error);
    // The failure itself does carry what must not be logged: the detector below can see it.
    expect(String((failure as Error).message)).toMatch(/\$argon2id\$/);

    const lines: string[] = [];
    const spy = vi
      .spyOn(process.stdout, 'write')
      .mockImplementation((chunk: string | Uint8Array) => (lines.push(String(chunk)), true));
    const logId = logUnexpected('action change-own-password', failure);
    spy.mockRestore();
    const log = lines.join('\n');
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 50,
      msg: 'unexpected failure',
      scope: 'action change-own-password',
      logId,
    });
    expect(log).toMatch(/DrizzleQueryError|Error/);
    expect(log).not.toMatch(/\$argon2id\$/);
    expect(log).not.toContain('the new secret password');
    expect(log).not.toMatch(/update "staff_users"/i);
    expect(log).not.toContain('log@example.com');
  });
});
