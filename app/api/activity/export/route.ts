import { exportActivity, ExportActivityInputSchema, readActivityExportInput } from '@/lib/server/activity';
import { staffRoute } from '@/lib/server/http';

/** The activity rows matching the Activity page's filters, as CSV (lib/server/audit/activity-export.ts). */
export const GET = staffRoute(
  {
    name: 'export-activity',
    role: 'admin',
    input: ExportActivityInputSchema,
    mutates: false,
    audited: true,
    sameOriginGet: true,
  },
  readActivityExportInput,
  exportActivity,
);
