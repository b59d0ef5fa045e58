import 'server-only';

import { DEFAULT_UI_LOCALE, isUiLocale } from '../../i18n/locales';
import { translatorFor } from '../../i18n/translator';
import { staffOfJob } from '../auth';
import { withRequestTicket } from '../budget';
import { getDb } from '../db';
import type { HeldChangeRow } from '../db/schema';
import { findEntityChoice } from '../directory';
import { runForStaff } from '../http';
import { newRequestId, withRequestId } from '../log/logger';
import { ClaimLoop } from '../ops/claim-loop';
import { processWide } from '../process-wide';
import { UPDATE_RESERVATION, updateReservationIn } from '../reservations/update';
import { claimDueChange, dropChange, markRefused, postponeChange } from './store';

/** How often each process looks for a due change (the process that held one also wakes when it is due). */
const LOOK_EVERY_MS = 2_000;
/** A change the API could not take (unreachable, the partner's budget spent) is tried again this much later… */
const RETRY_MS = 5_000;
/** …for this long after it was made; then it is given up (the activity log holds the refusal). */
const GIVE_UP_MS = 10 * 60_000;

/**
 * Sends one held change as its member, through the same guard as their own change (role, limits,
 * one audit row, its change events). A member removed, disabled or signed out everywhere since
 * has it not sent.
 */
async function sendChange(change: HeldChangeRow, now: Date): Promise<void> {
  const db = await getDb();
  const staff = await staffOfJob(db, change.staffId, change.sessionVersion);
  const entity = change.entityId ? await findEntityChoice(change.entityId) : null;
  if (!staff || (change.entityId && !entity)) return dropChange(db, change.id);
  const t = await translatorFor(isUiLocale(change.locale) ? change.locale : DEFAULT_UI_LOCALE);
  const outcome = await withRequestId(newRequestId(), () =>
    withRequestTicket(
      () =>
        runForStaff(
          UPDATE_RESERVATION,
          staff,
          t,
          async () => ({ id: change.reservationId, changes: change.changes, expected: change.expected }),
          (input, ctx) => updateReservationIn(entity, input, ctx, { held: false }),
        ),
      'write',
    ),
  );
  if (outcome.ok) return dropChange(db, change.id);
  const retry = outcome.status === 429 || outcome.status >= 500;
  if (retry && now.getTime() - change.createdAt.getTime() < GIVE_UP_MS)
    return postponeChange(db, change.id, new Date(now.getTime() + RETRY_MS));
  // Kept with its reason, which the reservation's page shows its member (and audited, by the guard).
  await markRefused(db, change.id, outcome.error, new Date());
}

const globalForHeld = processWide("this process's sender of held changes", () => ({
  sender: undefined as ClaimLoop<HeldChangeRow> | undefined,
}));

/**
 * Starts this process's sender of held changes (once): it sends every change whose undo window
 * has ended, the one due first first, and looks again every LOOK_EVERY_MS (a change whose
 * process stopped while sending it is free once its claim lapses).
 */
export function startHeldChanges(): void {
  globalForHeld.sender ??= new ClaimLoop<HeldChangeRow>({
    name: 'held changes',
    everyMs: LOOK_EVERY_MS,
    claim: async () => claimDueChange(await getDb(), new Date()),
    work: (change) => sendChange(change, new Date()),
  }).start();
}

/** Has this process send the change held until `due` when it is due (the others look every LOOK_EVERY_MS). */
export function sendWhenDue(due: Date): void {
  startHeldChanges();
  globalForHeld.sender?.wakeAt(due);
}
