/** The audit log: every staff action recorded (who, what, on which resource, the outcome) and read back. */

export { auditFacets, countAudit, listAudit, recordAudit, type AuditQuery } from './audit';
