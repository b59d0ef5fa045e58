import 'server-only';

import { getConfig } from '../config';
import { getDb } from '../db';
import { logger, logUnexpected } from '../log';
import { onShutdown } from '../ops';
import { processWide } from '../process-wide';
import { pruneAudit } from './audit';

/** How often each process deletes the activity log's rows past their retention (the delete is the same on every process). */
const EVERY_MS = 3_600_000;

const globalForRetention = processWide("this process's timer of the activity log's retention", () => ({
  timer: undefined as NodeJS.Timeout | undefined,
}));

/** Another table's rows past their retention, deleted on the same turn (the inbox's items). */
export interface AlsoPruned {
  name: string;
  prune: (db: Awaited<ReturnType<typeof getDb>>) => Promise<number>;
}

async function prune(also: readonly AlsoPruned[]): Promise<void> {
  try {
    const deleted = await pruneAudit(await getDb(), getConfig().auditRetention);
    if (deleted) logger.info({ event: 'audit-retention', deleted }, 'activity log rows past their retention deleted');
  } catch (e) {
    logUnexpected('activity log retention', e);
  }
  for (const { name, prune: pruneRows } of also) {
    try {
      const deleted = await pruneRows(await getDb());
      if (deleted) logger.info({ event: 'retention', table: name, deleted }, `${name} past their retention deleted`);
    } catch (e) {
      logUnexpected(`${name} retention`, e);
    }
  }
}

/**
 * Deletes the rows past AUDIT_RETENTION_DAYS and SIGN_IN_RETENTION_DAYS a minute after start, then
 * every hour, and on the same turns those of `also`.
 */
export function startAuditRetention(also: readonly AlsoPruned[] = []): void {
  if (globalForRetention.timer) return;
  const first = setTimeout(() => {
    void prune(also);
    globalForRetention.timer = setInterval(() => void prune(also), EVERY_MS);
    globalForRetention.timer.unref();
  }, 60_000);
  first.unref();
  globalForRetention.timer = first;
  onShutdown(async () => clearTimeout(globalForRetention.timer));
}
