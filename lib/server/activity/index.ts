/** The Activity page's export: the audit rows its filters match, as CSV. */
export { auditQueryOf, exportActivity, ExportActivityInputSchema, readActivityExportInput } from './export';
