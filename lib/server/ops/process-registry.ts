/**
 * Several dashboard processes on one PostgreSQL must share AUTH_SECRET (a session signed by one
 * opens on the others) and NEXT_SERVER_ACTIONS_ENCRYPTION_KEY (an action rendered by one is
 * posted to another). Each process registers keyed fingerprints of both (HMAC-SHA256, so the
 * row reveals neither) and its build id, refreshes its row every 20 s, and before it listens
 * refuses to start when a process seen within the last minute has different fingerprints.
 * A different build id is expected during a rolling deploy and only reported.
 *
 * Kept free of `server-only`: scripts/server.ts runs it before Next starts.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, gt, ne, sql } from 'drizzle-orm';

import { ConfigError } from '../config/config-core';
import type { DashboardDb } from '../db/open';
import { dashboardProcesses } from '../db/schema';

const fingerprint = (value: string | undefined) =>
  value ? createHmac('sha256', value).update('guestbook-dashboard-process').digest('hex').slice(0, 32) : 'unset';

export function buildIdOf(dir = process.cwd()): string {
  try {
    return readFileSync(path.join(dir, '.next', 'BUILD_ID'), 'utf8').trim();
  } catch {
    return 'development';
  }
}

export interface Registration {
  id: string;
  /** builds of the other running processes that differ from this one's */
  otherBuilds: string[];
  stop(): Promise<void>;
}

export async function registerProcess(
  db: DashboardDb,
  settings: { authSecret: string; actionsKey: string | undefined; buildId: string },
  options: { refreshMs?: number } = {},
): Promise<Registration> {
  const id = randomUUID();
  const mine = {
    authFingerprint: fingerprint(settings.authSecret),
    actionsKeyFingerprint: fingerprint(settings.actionsKey),
    buildId: settings.buildId,
  };
  const others = await db
    .select()
    .from(dashboardProcesses)
    .where(and(ne(dashboardProcesses.id, id), gt(dashboardProcesses.seenAt, sql`now() - interval '60 seconds'`)));
  const problems: string[] = [];
  if (others.some((o) => o.authFingerprint !== mine.authFingerprint))
    problems.push('AUTH_SECRET differs from a running process');
  if (others.some((o) => o.actionsKeyFingerprint !== mine.actionsKeyFingerprint))
    problems.push('NEXT_SERVER_ACTIONS_ENCRYPTION_KEY differs from a running process');
  if (problems.length)
    throw new ConfigError(
      `Another dashboard process runs on this database with other settings: ${problems.join('; ')}. Every process needs the same values.`,
    );

  await db.insert(dashboardProcesses).values({ id, ...mine });
  const refresh = setInterval(() => {
    void db
      .update(dashboardProcesses)
      .set({ seenAt: sql`now()` })
      .where(sql`${dashboardProcesses.id} = ${id}`)
      .catch(() => undefined);
  }, options.refreshMs ?? 20_000);
  refresh.unref();
  // Rows of processes gone for a day are of no use to anyone.
  await db.delete(dashboardProcesses).where(sql`${dashboardProcesses.seenAt} < now() - interval '1 day'`);
  return {
    id,
    otherBuilds: [...new Set(others.map((o) => o.buildId).filter((b) => b !== mine.buildId))],
    stop: async () => {
      clearInterval(refresh);
      await db.delete(dashboardProcesses).where(sql`${dashboardProcesses.id} = ${id}`);
    },
  };
}
