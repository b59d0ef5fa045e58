import 'server-only';

import { z } from 'zod';

import { Uuid } from '../../guestbook/schemas';
import { said } from '../../i18n/said';
import { countAttempt, refundAttempt } from '../auth/login-limiter';
import { underWay } from '../changes/under-way';
import { getDb } from '../db';
import { apiForChoice, nullOn404, type EntityChoice } from '../directory';
import { dropHeldFor } from '../held-changes/store';
import {
  ActionError,
  CANCEL_LIMIT,
  CANCELS_AT_ONCE,
  cancelsAtOnceKey,
  type ActionContext,
  type ActionDefinition,
} from '../http';
import { keepReadInBook } from './from-copy';
import { reservationChangedIn } from './reservations';

const CancelInput = z.strictObject({ id: Uuid });

/**
 * Canceling one reservation, as the member's action and as each row of a bulk cancel run on the
 * server (lib/server/bulk-jobs): the same guard, the same limits, one audit row each.
 */
export const CANCEL_RESERVATION = {
  name: 'cancel-reservation',
  role: 'operator',
  input: CancelInput,
  mutates: true,
  memberLimit: CANCEL_LIMIT,
} satisfies ActionDefinition<typeof CancelInput>;

const auditView = (r: {
  status: string;
  date?: string;
  time?: string;
  party_size?: number;
  canceled_at?: string | null;
}) => ({
  status: r.status,
  date: r.date,
  time: r.time,
  party_size: r.party_size,
  canceled_at: r.canceled_at ?? null,
});

/**
 * Cancels the reservation `id` in `entity`'s context (null: the partner's default entity). A
 * member's cancels running at once are few (a bulk cancel sends one at a time).
 */
export async function cancelReservationIn(entity: EntityChoice | null, id: string, ctx: ActionContext) {
  const db = await getDb();
  const key = cancelsAtOnceKey(ctx.staff.id);
  const running = await countAttempt(db, key, CANCELS_AT_ONCE);
  try {
    if (!running.allowed)
      throw new ActionError(said('errors.cancelsAtOnce', { max: CANCELS_AT_ONCE.max }), undefined, 429);
    const api = apiForChoice(entity);
    const before = await nullOn404(api.getReservation(id));
    if (!before) throw new ActionError(said('reservations.errors.notFound'));
    if (entity) await keepReadInBook(entity.id, before);
    ctx.setAuditTarget({
      entityId: before.entity_id ?? null,
      resourceType: 'reservation',
      resourceId: id,
      before: auditView(before),
    });
    const after = await underWay(db, { reservationId: id, kind: 'reservation.canceled', staffId: ctx.staff.id }, () =>
      api.cancelReservation(id),
    );
    // A change of it still waiting out its undo window is not sent (the guest is told of the cancel).
    await dropHeldFor(db, id);
    await reservationChangedIn(entity, after);
    ctx.setAuditTarget({ after: auditView(after) });
    return { id, status: after.status };
  } finally {
    await refundAttempt(db, key);
  }
}
