import 'server-only';

import { DEFAULT_UI_LOCALE, isUiLocale } from '../../i18n/locales';
import { translatorFor } from '../../i18n/translator';
import { staffOfJob } from '../auth';
import { withRequestTicket } from '../budget';
import { getDb } from '../db';
import type { HeldChangeRow } from '../db/schema';
import { findEntityChoice } from '../directory';
import { runForStaff } from '../http';
import { logUnexpected } from '../log';
import { newRequestId, withRequestId } from '../log/logger';
import { onShutdown } from '../ops';
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

/**
 * This process's sender of held changes: it sends every change whose undo window has ended, the
 * one due first first, and looks again every LOOK_EVERY_MS (a change whose process stopped while
 * sending is free once its claim lapses). On graceful shutdown the change being sent ends.
 */
class HeldChangeSender {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = false;

  start(): void {
    this.#timer = setInterval(() => this.wake(), LOOK_EVERY_MS);
    this.#timer.unref();
    this.wake();
  }

  /** Looks for due changes now. */
  wake(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.#drain().finally(() => {
      this.#running = undefined;
      if (this.#again) {
        this.#again = false;
        this.wake();
      }
    });
  }

  /** Looks when a change just held is due (the other processes look every LOOK_EVERY_MS). */
  wakeAt(due: Date): void {
    setTimeout(() => this.wake(), Math.max(0, due.getTime() - Date.now()) + 50).unref();
  }

  async #drain(): Promise<void> {
    try {
      const db = await getDb();
      for (
        let change = await claimDueChange(db, new Date());
        change && !this.#stopped;
        change = await claimDueChange(db, new Date())
      )
        try {
          await sendChange(change, new Date());
        } catch (e) {
          // Tried again once its claim lapses (the database gone for a moment).
          logUnexpected('held change', e);
          return;
        }
    } catch (e) {
      logUnexpected('held changes', e);
    }
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    await this.#running;
  }
}

const globalForHeld = processWide("this process's sender of held changes", () => ({
  sender: undefined as HeldChangeSender | undefined,
}));

/** Starts this process's sender of held changes (once); stopped on graceful shutdown. */
export function startHeldChanges(): void {
  if (globalForHeld.sender) return;
  const sender = (globalForHeld.sender = new HeldChangeSender());
  onShutdown(() => sender.stop());
  sender.start();
}

/** Has this process send the change held until `due` when it is due. */
export function sendWhenDue(due: Date): void {
  if (!globalForHeld.sender) startHeldChanges();
  globalForHeld.sender?.wakeAt(due);
}
