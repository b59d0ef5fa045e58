import 'server-only';

import { said, saidList } from '../../i18n/said';
import { parseReservationSearch } from '../../reservations/search-query';
import { findStaffById } from '../auth';
import { getConfig } from '../config';
import { getDb } from '../db';
import { getEntityApi, getSelectedEntity } from '../directory';
import { ActionError, getUiLocale, type ActionContext } from '../http';
import { exportFilename, overCap, recentSearchTotal } from '../reservations';
import { wakeExports } from './runner';
import { recordExport } from './store';

/**
 * Starts preparing the export of a search of the selected entity's reservations on the server:
 * refused when the search is malformed, matches more than EXPORT_MAX_ROWS reservations, or the
 * member already has one being prepared. The member may close the tab; the inbox tells them when
 * the file is ready (or why it stopped), and /reservations/exports lists it.
 */
export async function startExport(
  query: string,
  { staff, setAuditTarget }: Pick<ActionContext, 'staff' | 'setAuditTarget'>,
): Promise<{ id: string; total: number }> {
  const entity = await getSelectedEntity();
  setAuditTarget({ entityId: entity?.id ?? null, resourceType: 'reservations-export', before: { query } });
  const { conditions, sort, problemsSaid } = parseReservationSearch(new URLSearchParams(query), ['sort']);
  if (problemsSaid.length)
    throw new ActionError(
      said('reservations.errors.cannotExport', {
        problems: saidList(problemsSaid, 'reservations.errors.problemSeparator'),
      }),
    );
  // The total the search page has just shown, else one row's read.
  const total =
    (await recentSearchTotal({ conditions, sort }, 60_000)) ??
    (await (await getEntityApi()).listReservations({ filters: conditions, sort, page: 1, limit: 1 })).pagination
      .total_items;
  const max = getConfig().exportMaxRows;
  if (total > max) throw overCap(total, max);
  const db = await getDb();
  const [member, locale] = await Promise.all([findStaffById(db, staff.id), getUiLocale()]);
  if (!member) throw new ActionError(said('errors.session.ended'), undefined, 401);
  const recorded = await recordExport(db, {
    staffId: staff.id,
    entityId: entity?.id ?? null,
    query,
    locale,
    sessionVersion: member.sessionVersion,
    total,
    filename: exportFilename(staff.timeZone),
  });
  if ('preparing' in recorded) throw new ActionError(said('reservations.export.alreadyPreparing'), undefined, 409);
  setAuditTarget({ resourceId: recorded.id, after: { reservations: total } });
  wakeExports();
  return { id: recorded.id, total };
}
