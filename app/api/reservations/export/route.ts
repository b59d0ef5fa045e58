import { z } from 'zod';
import { GuestbookApiError } from '@/lib/guestbook/errors';
import { parseFilterQuery, RESERVATION_FILTERS } from '@/lib/guestbook/filters';
import { ActionError, staffRoute } from '@/lib/server/action';
import { describeApiError } from '@/lib/server/api-errors';
import { getEntityApi } from '@/lib/server/entity-context';
import { checkReservationSort, venueNames } from '@/lib/server/reservations';
import { csvHeader, csvRow } from '@/lib/server/reservations-csv';

const ExportInput = z.strictObject({
  query: z.string().max(8_000, { error: 'the search is too long' }),
  signal: z.instanceof(AbortSignal),
});

const PAGE_SIZE = 100;

/**
 * GET /api/reservations/export?<the search, in the API's filter syntax>: every page of the
 * selected entity's matching reservations as CSV, streamed as it is read. Pages are read one at
 * a time through the shared client (inside its request budget); closing the connection stops it.
 */
export const GET = staffRoute(
  { name: 'export-reservations', role: 'viewer', input: ExportInput, mutates: false },
  async (request: Request) => ({ query: new URL(request.url).search.replace(/^\?/, ''), signal: request.signal }),
  async ({ query, signal }) => {
    const params = new URLSearchParams(query);
    const { conditions, errors } = parseFilterQuery(params, RESERVATION_FILTERS, ['sort']);
    const sort = checkReservationSort(params.get('sort') ?? undefined);
    const problems = [...errors.map((e) => e.message), ...(sort.error ? [sort.error] : [])];
    if (problems.length) throw new ActionError(`This search cannot be exported: ${problems.join('; ')}`);

    // Everything that needs the request's cookies is resolved before the response starts.
    const api = (await getEntityApi()).withSignal(signal);
    const venues = await venueNames();
    const first = await api.listReservations({ filters: conditions, sort: sort.sort, page: 1, limit: PAGE_SIZE });
    const encoder = new TextEncoder();
    let page = 1;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(csvHeader() + first.data.map((r) => csvRow(r, r.venue_id ? venues[r.venue_id] : undefined)).join('')));
        if (first.pagination.total_pages <= 1) controller.close();
      },
      async pull(controller) {
        page++;
        try {
          const res = await api.listReservations({ filters: conditions, sort: sort.sort, page, limit: PAGE_SIZE });
          controller.enqueue(encoder.encode(res.data.map((r) => csvRow(r, r.venue_id ? venues[r.venue_id] : undefined)).join('')));
          if (page >= res.pagination.total_pages || res.data.length === 0) controller.close();
        } catch (e) {
          // The client sees a truncated download; the message names why (never a raw API body).
          controller.error(new Error(e instanceof GuestbookApiError ? describeApiError(e).message : 'The export failed.'));
        }
      },
    });
    return new Response(stream, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="reservations-${new Date().toISOString().slice(0, 10)}.csv"`,
        'cache-control': 'no-store',
        'x-total-items': String(first.pagination.total_items),
      },
    });
  },
);
