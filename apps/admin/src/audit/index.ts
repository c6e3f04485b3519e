export { AuditTrailList, type AuditTrailListProps } from './audit-trail-list';
