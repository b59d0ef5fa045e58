/**
 * Runs once as a server process started by Next.js itself (`next start`) starts: a production
 * start that fails its checks (lib/server/ops/start-checks.ts) stops the process, saying why.
 * `npm start` (scripts/server.ts) runs the same checks before Next.js loads. The checks are
 * imported only for the Node.js runtime, so the Edge build does not see their `process.exit`.
 * Then it starts the directory's background sync, the activity log's retention (stopped by
 * scripts/server.ts on shutdown), the runner of bulk jobs, the sender of held changes, the preparer
 * of exports, the raiser of the inbox's items and the sender of their e-mails.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { checkStartOrExit } = await import('./lib/server/ops/start-or-exit');
    await checkStartOrExit();
    // The directory's background sync, on the process elected for it (lib/server/sync).
    const { startDirectorySync } = await import('./lib/server/sync');
    startDirectorySync();
    // The activity log's retention (lib/server/audit/retention.ts), with the inbox's items (90 days).
    const { startAuditRetention } = await import('./lib/server/audit/retention');
    const { pruneNotifications, startNotifications } = await import('./lib/server/notifications');
    const { pruneJobs, startBulkJobs } = await import('./lib/server/bulk-jobs');
    const { pruneHeld, startHeldChanges } = await import('./lib/server/held-changes');
    const { pruneExports, startExports } = await import('./lib/server/exports');
    startAuditRetention([
      { name: 'notifications', prune: (db) => pruneNotifications(db) },
      { name: 'bulk jobs', prune: (db) => pruneJobs(db) },
      { name: 'refused held changes', prune: (db) => pruneHeld(db) },
      { name: 'exports', prune: (db) => pruneExports(db) },
    ]);
    // Each process runs the bulk jobs members started, taking on those whose process stopped (lib/server/bulk-jobs).
    startBulkJobs();
    // Each process sends the changes whose undo window has ended, whichever process held them (lib/server/held-changes).
    startHeldChanges();
    // Each process prepares the exports members started, taking on those whose process stopped (lib/server/exports).
    startExports();
    // Each process raises the inbox's items from its reader of the change feed (lib/server/notifications);
    // the one elected for it sends their e-mails, with an SMTP server (SMTP_URL).
    startNotifications();
    const { startNotificationMail } = await import('./lib/server/notifications/mailer');
    startNotificationMail();
  }
}
