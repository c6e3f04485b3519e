import { AccountBackupMessages, DATA_EXPORT_VERSION, localCalendarDate } from '@jibs/domain';

/**
 * A member's backup, in the shape the API documentation gives (spec 3: metadata with version,
 * created_at, user_id and type; data with profile, death_reports, documents and payments), with
 * the spec's snake_case field names. The household travels inside the profile. Built in the
 * browser from the member's own queries (each service enforces ownership).
 */
export const BACKUP_TYPE = 'user_backup';

/** The backup's messages live in libs/domain (translated like every other message). */
export const BackupMessages = AccountBackupMessages;

export function backupCreatedMessage(
  filename: string,
  text: typeof AccountBackupMessages = AccountBackupMessages,
): string {
  return text.backupSaved(filename);
}

/** The restore result of the API docs ({ success, restored_records }) in words. */
export function restoredMessage(
  restoredRecords: number,
  text: typeof AccountBackupMessages = AccountBackupMessages,
  count: (value: number) => string = String,
): string {
  if (restoredRecords === 0) return text.restoredNone;
  return restoredRecords === 1 ? text.restoredOne : text.restoredMany(count(restoredRecords));
}

type Row = Record<string, unknown>;

export interface BackupSource {
  me: Row & { id: string };
  myHousehold: readonly Row[];
  myDeathReports: readonly Row[];
  myDocuments: readonly Row[];
  myPayments: readonly Row[];
}

export interface MemberBackup {
  metadata: { version: string; created_at: string; user_id: string; type: typeof BACKUP_TYPE };
  data: {
    profile: Row;
    death_reports: Row[];
    documents: Row[];
    payments: Row[];
  };
}

const lower = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value);

export function buildMemberBackup(source: BackupSource, now: Date = new Date()): MemberBackup {
  const userId = source.me.id;
  const me = source.me;
  return {
    metadata: {
      version: DATA_EXPORT_VERSION,
      created_at: now.toISOString(),
      user_id: userId,
      type: BACKUP_TYPE,
    },
    data: {
      profile: {
        id: me.id,
        email: me['email'],
        full_name: me['fullName'],
        first_name: me['firstName'],
        last_name: me['lastName'],
        phone: me['phone'] ?? null,
        address_line1: me['addressLine1'] ?? null,
        address_line2: me['addressLine2'] ?? null,
        city: me['city'] ?? null,
        state: me['state'] ?? null,
        zip_code: me['zipCode'] ?? null,
        date_of_birth: me['dateOfBirth'] ?? null,
        is_us_citizen: me['isUsCitizen'] ?? null,
        role: lower(me['role']),
        registration_fee_paid: me['registrationFeePaid'],
        membership_status: lower(me['membershipStatus']),
        created_at: me['createdAt'],
        household_members: source.myHousehold.map((member) => ({
          id: member['id'],
          user_id: userId,
          full_name: member['fullName'],
          relationship: lower(member['relationship']),
          date_of_birth: member['dateOfBirth'],
          is_working_full_time: member['isWorkingFullTime'] ?? null,
          is_dependent_parent: member['isDependentParent'] ?? null,
          created_at: member['createdAt'],
        })),
      },
      death_reports: source.myDeathReports.map((report) => ({
        id: report['id'],
        user_id: userId,
        deceased_name: report['deceasedName'],
        date_of_death: report['dateOfDeath'],
        place_of_death: report['placeOfDeath'],
        relationship_to_deceased: report['relationshipToDeceased'],
        additional_notes: report['additionalNotes'] ?? null,
        status: lower(report['status']),
        admin_notes: report['adminNotes'] ?? null,
        reviewed_at: report['reviewedAt'] ?? null,
        created_at: report['createdAt'],
        updated_at: report['updatedAt'],
      })),
      documents: source.myDocuments.map((document) => ({
        id: document['id'],
        user_id: userId,
        file_name: document['fileName'],
        file_size: document['fileSize'],
        file_type: document['fileType'],
        document_type: document['documentType'],
        status: lower(document['status']),
        admin_notes: document['adminNotes'] ?? null,
        reviewed_at: document['reviewedAt'] ?? null,
        created_at: document['createdAt'],
      })),
      payments: source.myPayments.map((payment) => ({
        id: payment['id'],
        user_id: userId,
        created_at: payment['createdAt'],
        amount: payment['amount'],
        currency: payment['currency'],
        status: lower(payment['status']),
        payment_type: lower(payment['type']),
        description: payment['description'] ?? null,
        stripe_payment_intent_id: payment['providerPaymentId'] ?? null,
      })),
    },
  };
}

export function backupFilename(now: Date = new Date()): string {
  return `jibs-backup-${localCalendarDate(now)}.json`;
}

export class BackupError extends Error {}

/** What a restore may re-create: the member's own death reports (see the README). */
export interface RestorePlan {
  reports: {
    id: string;
    deceasedName: string;
    dateOfDeath: string;
    placeOfDeath: string;
    relationshipToDeceased: string;
    additionalNotes: string | null;
  }[];
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Reads a backup file for the signed-in member. A file that is not a backup, of another version
 * or of another account is refused whole; rows of someone else inside it are left out (the
 * server refuses them too). Only death reports are restored: payments, statuses and roles
 * never come from a file, documents need their files, and a household member changes the fees.
 */
export function planRestore(content: string, userId: string): RestorePlan {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    throw new BackupError(BackupMessages.notABackup);
  }
  const backup = parsed as Partial<MemberBackup> | null;
  const metadata = backup?.metadata;
  if (!metadata || metadata.type !== BACKUP_TYPE || !backup?.data) {
    throw new BackupError(BackupMessages.notABackup);
  }
  if (metadata.version !== DATA_EXPORT_VERSION) {
    throw new BackupError(BackupMessages.unsupportedVersion);
  }
  if (metadata.user_id !== userId) throw new BackupError(BackupMessages.otherAccount);
  const reports = Array.isArray(backup.data.death_reports) ? backup.data.death_reports : [];
  return {
    reports: reports
      .filter((report) => report && typeof report === 'object' && report['user_id'] === userId)
      .map((report) => ({
        id: text(report['id']),
        deceasedName: text(report['deceased_name']),
        dateOfDeath: text(report['date_of_death']),
        placeOfDeath: text(report['place_of_death']),
        relationshipToDeceased: text(report['relationship_to_deceased']),
        additionalNotes:
          typeof report['additional_notes'] === 'string' ? report['additional_notes'] : null,
      })),
  };
}
