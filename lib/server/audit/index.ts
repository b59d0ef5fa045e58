/** The audit log: every staff action recorded (who, what, on which resource, the outcome) and read back. */

export {
  auditFacets,
  countAudit,
  FOLD_MINUTES,
  listAudit,
  pruneAudit,
  recordAudit,
  type AuditKind,
  type AuditQuery,
  type AuditRetention,
} from './audit';
