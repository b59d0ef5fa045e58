'use server';

import { revalidatePath } from 'next/cache';

import { said } from '@/lib/i18n/said';
import { SetWatchInput } from '@/lib/notifications/watch';
import { getDb } from '@/lib/server/db';
import { ActionError, staffAction } from '@/lib/server/http';
import { MAX_WATCHES, startWatching, stopWatching } from '@/lib/server/notifications/watches';
import { venueNames, viewReservation } from '@/lib/server/reservations';

/**
 * Starts or stops watching a venue or a reservation, for the session's member alone (any role:
 * what they watch only decides what reaches their own inbox). A venue must be one the selected
 * entity sees, a reservation one it can read; stopping needs neither (the thing may be gone).
 */
export const setWatchAction = staffAction(
  { name: 'set-watch', role: 'viewer', input: SetWatchInput, mutates: false },
  async ({ subject, id, on }, { staff, setAuditTarget }) => {
    setAuditTarget({ resourceType: subject, resourceId: id, after: { watching: on } });
    const db = await getDb();
    if (!on) {
      await stopWatching(db, staff.id, subject, id);
    } else {
      let entityId: string | null = null;
      if (subject === 'venue') {
        if (!(id in (await venueNames())))
          throw new ActionError(said('watch.errors.unknownVenue'), { id: [said('watch.errors.unknownVenue')] });
      } else {
        const reservation = await viewReservation(id);
        if (!reservation)
          throw new ActionError(said('watch.errors.unknownReservation'), {
            id: [said('watch.errors.unknownReservation')],
          });
        entityId = reservation.entity_id ?? null;
      }
      if (!(await startWatching(db, staff.id, { subject, subjectId: id, entityId })))
        throw new ActionError(said('watch.errors.tooMany', { max: MAX_WATCHES }));
    }
    revalidatePath('/account');
    return { watching: on };
  },
);
