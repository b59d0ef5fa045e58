import { staffRoute } from '@/lib/server/http';
import { ExportInputSchema, exportReservations, readExportInput } from '@/lib/server/reservations';

/** The selected entity's reservations matching a search, as a streamed CSV (lib/server/reservations/reservations-export.ts). */
export const GET = staffRoute(
  {
    name: 'export-reservations',
    role: 'viewer',
    input: ExportInputSchema,
    mutates: false,
    audited: true,
    sameOriginGet: true,
  },
  readExportInput,
  exportReservations,
);
