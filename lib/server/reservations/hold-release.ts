import 'server-only';

import { GuestbookApiError } from '../../guestbook';
import type { ActionContext } from '../http';
import { bookingContext } from './booking';

const REASONS: Record<string, string> = {
  'slot-changed': 'another time was chosen',
  'form-left': 'the form was left',
  'page-closed': 'the page was closed or left',
  expired: 'it expired before the booking was confirmed',
};

/**
 * DELETE /v2/holds/{id} for a hold given up without a booking; its audit row says so and why.
 * A hold the API no longer knows (used, expired and removed, or released already) is reported
 * as gone rather than as a failure: nothing is held either way.
 */
export async function releaseHoldFor(
  r: { entityId: string; holdId: string; reason: string },
  { setAuditTarget }: Pick<ActionContext, 'setAuditTarget'>,
) {
  const ctx = await bookingContext(r.entityId);
  setAuditTarget({
    entityId: ctx.entity.id,
    resourceType: 'hold',
    resourceId: r.holdId,
    before: { hold_id: r.holdId },
  });
  try {
    await ctx.api.releaseHold(r.holdId);
  } catch (e) {
    if (e instanceof GuestbookApiError && e.status === 404) {
      setAuditTarget({
        after: {
          outcome: 'already gone (used, expired or released); no booking made from this release',
          reason: REASONS[r.reason],
        },
      });
      return { released: false };
    }
    throw e;
  }
  setAuditTarget({ after: { outcome: 'released without a booking', reason: REASONS[r.reason] } });
  return { released: true };
}
