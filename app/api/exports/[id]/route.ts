import { z } from 'zod';

import { Uuid } from '@/lib/guestbook/schemas';
import { said } from '@/lib/i18n/said';
import { getDb } from '@/lib/server/db';
import { exportFileOf } from '@/lib/server/exports';
import { ActionError, staffRoute } from '@/lib/server/http';
import { CSV_BOM } from '@/lib/server/reservations/reservations-csv';

/**
 * GET /api/exports/<id>: the file of an export prepared on the server, for the member who started
 * it alone (another member's id, one not ready or one expired is not found), from the dashboard's
 * own pages only (Sec-Fetch-Site). Each download is an audit row.
 */
export const GET = staffRoute(
  {
    name: 'download-export',
    role: 'viewer',
    input: z.strictObject({ id: Uuid }),
    mutates: false,
    audited: true,
    sameOriginGet: true,
  },
  async (_request: Request, ctx: { params: Promise<{ id: string }> }) => ({ id: (await ctx.params).id }),
  async ({ id }, { staff, setAuditTarget }) => {
    setAuditTarget({ resourceType: 'reservations-export', resourceId: id });
    const file = await exportFileOf(await getDb(), staff.id, id);
    if (!file) throw new ActionError(said('reservations.export.fileGone'), undefined, 404);
    setAuditTarget({ after: { rows: file.rows } });
    return new Response(CSV_BOM + file.content, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${file.filename}"`,
        'cache-control': 'private, no-store',
      },
    });
  },
);
