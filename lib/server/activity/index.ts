/** The Activity page's export: the audit rows its filters match, as CSV. */
export { auditQueryOf, kindOf, exportActivity, ExportActivityInputSchema, readActivityExportInput } from './export';
export { readerSearchWords } from './search-words-of';
