/**
 * Staff accounts from the command line, for the first admin of a real deployment:
 *
 *   npm run staff -- add --email ana@example.com --name "Ana Ops" --role admin [--password …]
 *   npm run staff -- list
 *   npm run staff -- remove --email ana@example.com
 *
 * Without --password a random password is generated and printed once. With the embedded database, stop the dashboard first (one process at a time).
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { z } from 'zod';

import { createStaff, StaffEmail } from '../lib/server/auth/staff-store';
import { configFromProcess } from '../lib/server/config/config-core';
import { openDashboardDb } from '../lib/server/db/open';
import { staffUsers } from '../lib/server/db/schema';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string' },
    password: { type: 'string' },
  },
});

async function main(): Promise<number> {
  const command = positionals[0];
  if (command !== 'add' && command !== 'list' && command !== 'remove') {
    console.error(
      'Usage: npm run staff -- add --email E --role viewer|operator|admin [--name N] [--password P]\n       npm run staff -- list\n       npm run staff -- remove --email E',
    );
    return 2;
  }
  const { db, close } = await openDashboardDb(configFromProcess());
  try {
    if (command === 'list') {
      for (const u of await db.select().from(staffUsers).orderBy(staffUsers.email)) {
        console.log(`${u.email}\t${u.role}\t${u.disabled ? 'disabled' : 'active'}\t${u.name}`);
      }
      return 0;
    }
    if (command === 'remove') {
      const email = StaffEmail.safeParse(values.email ?? '');
      if (!email.success) {
        console.error('--email: must be an e-mail address');
        return 2;
      }
      const removed = await db
        .delete(staffUsers)
        .where(eq(staffUsers.email, email.data))
        .returning({ email: staffUsers.email });
      console.log(
        removed.length ? `Removed ${email.data} and its sessions.` : `No account has the e-mail ${email.data}.`,
      );
      return removed.length ? 0 : 1;
    }
    const generated = !values.password;
    const password = values.password ?? randomBytes(12).toString('base64url');
    const created = await createStaff(db, {
      email: values.email ?? '',
      name: values.name ?? values.email?.split('@')[0] ?? '',
      role: (values.role ?? '') as 'admin',
      password,
    });
    console.log(`Added ${created.email} (${created.role}).`);
    if (generated) console.log(`Password: ${password}  (shown once; hand it over securely)`);
    return 0;
  } catch (e) {
    if (e instanceof z.ZodError) {
      console.error(e.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('\n'));
      return 2;
    }
    if (e instanceof Error && /unique|duplicate/i.test(e.message)) {
      console.error(`An account with the e-mail ${values.email} already exists.`);
      return 1;
    }
    throw e;
  } finally {
    await close();
  }
}

main().then((code) => process.exit(code));
