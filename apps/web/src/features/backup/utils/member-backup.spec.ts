import {
  BACKUP_TYPE,
  BackupError,
  BackupMessages,
  buildMemberBackup,
  planRestore,
  restoredMessage,
} from './member-backup';

const now = new Date('2026-03-15T12:00:00Z');
const me = {
  id: 'u1',
  email: 'amina@example.com',
  firstName: 'Amina',
  lastName: 'Rahman',
  fullName: 'Amina Rahman',
  role: 'MEMBER',
  registrationFeePaid: true,
  membershipStatus: 'ACTIVE',
  createdAt: '2025-01-01T00:00:00Z',
};
const report = {
  id: 'r1',
  deceasedName: 'Yusuf Rahman',
  dateOfDeath: '2026-02-01',
  placeOfDeath: 'Dallas',
  relationshipToDeceased: 'Parent',
  additionalNotes: null,
  status: 'APPROVED',
  adminNotes: '',
  reviewedAt: '2026-02-03T00:00:00Z',
  createdAt: '2026-02-02T00:00:00Z',
  updatedAt: '2026-02-03T00:00:00Z',
};

function backup() {
  return buildMemberBackup(
    {
      me,
      myHousehold: [
        {
          id: 'h1',
          fullName: 'Sara Rahman',
          relationship: 'SPOUSE',
          dateOfBirth: '1990-01-01',
          createdAt: '2025-01-02T00:00:00Z',
        },
      ],
      myDeathReports: [report],
      myDocuments: [
        {
          id: 'd1',
          fileName: 'id.pdf',
          fileSize: 10,
          fileType: 'application/pdf',
          documentType: 'Government ID',
          status: 'PENDING',
          createdAt: '2026-01-01T00:00:00Z',
        },
      ],
      myPayments: [
        {
          id: 'p1',
          amount: 20000,
          currency: 'usd',
          status: 'COMPLETED',
          type: 'REGISTRATION',
          providerPaymentId: 'pi_1',
          createdAt: '2025-01-03T00:00:00Z',
        },
      ],
    },
    now,
  );
}

describe('member backup', () => {
  it("has the API docs' shape with the spec's field names", () => {
    const made = backup();
    expect(made.metadata).toEqual({
      version: '1.0',
      created_at: '2026-03-15T12:00:00.000Z',
      user_id: 'u1',
      type: BACKUP_TYPE,
    });
    expect(Object.keys(made.data)).toEqual(['profile', 'death_reports', 'documents', 'payments']);
    expect(made.data.profile).toMatchObject({
      id: 'u1',
      full_name: 'Amina Rahman',
      role: 'member',
      membership_status: 'active',
    });
    expect(made.data.profile['household_members']).toEqual([
      expect.objectContaining({ id: 'h1', user_id: 'u1', relationship: 'spouse' }),
    ]);
    expect(made.data.death_reports[0]).toMatchObject({
      id: 'r1',
      user_id: 'u1',
      deceased_name: 'Yusuf Rahman',
      status: 'approved',
    });
    expect(made.data.payments[0]).toMatchObject({
      amount: 20000,
      payment_type: 'registration',
      stripe_payment_intent_id: 'pi_1',
    });
  });

  it('plans to restore only the own death reports, without their status', () => {
    const made = backup();
    made.data.death_reports.push({
      ...made.data.death_reports[0],
      id: 'r2',
      user_id: 'someone-else',
    });
    const plan = planRestore(JSON.stringify(made), 'u1');
    expect(plan.reports).toEqual([
      {
        id: 'r1',
        deceasedName: 'Yusuf Rahman',
        dateOfDeath: '2026-02-01',
        placeOfDeath: 'Dallas',
        relationshipToDeceased: 'Parent',
        additionalNotes: null,
      },
    ]);
  });

  it('refuses a file that is not a backup, of another version or of another account', () => {
    const made = backup();
    expect(() => planRestore('not json', 'u1')).toThrow(new BackupError(BackupMessages.notABackup));
    expect(() => planRestore(JSON.stringify({ data: {} }), 'u1')).toThrow(
      BackupMessages.notABackup,
    );
    expect(() =>
      planRestore(
        JSON.stringify({ ...made, metadata: { ...made.metadata, version: '2.0' } }),
        'u1',
      ),
    ).toThrow(BackupMessages.unsupportedVersion);
    expect(() => planRestore(JSON.stringify(made), 'u2')).toThrow(BackupMessages.otherAccount);
  });

  it('words the restore result', () => {
    expect(restoredMessage(0)).toBe('Nothing was missing: no records were restored.');
    expect(restoredMessage(1)).toBe('1 record was restored.');
    expect(restoredMessage(3)).toBe('3 records were restored.');
  });
});
