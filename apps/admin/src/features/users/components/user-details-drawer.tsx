import { ErrorAlert, DetailList } from '@jibs/web-ui';
import {
  AdminMessages,
  formatDateTime,
  formatShortCalendarDate,
  RegistrationMessages,
  AdminOpsMessages,
} from '@jibs/domain';
import { useQuery } from '@apollo/client/react';
import { Badge, Drawer, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { genericErrorMessage, toApiError } from '@jibs/web-data';
import type { ReactNode } from 'react';
import { AdminUserDetailsDocument, type AdminUserDetailsQuery } from '../../../gql/graphql';
import { StatusBadge } from '../../reviews/components/status-badge';
import { AuditTrailList } from '../../audit/components/audit-trail-list';
import { MemberBillingSection } from './member-billing-section';
import { addressLines, membershipColor, membershipLabel, roleLabel } from '../utils/user-display';

type Details = AdminUserDetailsQuery['adminUser'];

const RELATIONSHIP_LABELS: Record<string, string> = {
  SPOUSE: 'Spouse',
  CHILD: 'Child',
  PARENT: 'Parent',
};

const FEE_LABELS: Record<string, string> = {
  IN_REGISTRATION: 'In registration fee',
  PAYMENT_DUE: 'Payment Due',
  PAID: 'Paid',
  NO_FEE: 'No fee',
};

/** View Details: a user's profile, household, payments, reports, documents and audit trail. */
export function UserDetailsDrawer({
  userId,
  onClose,
}: {
  userId: string | null;
  onClose: () => void;
}) {
  const { data, loading, error, refetch } = useQuery(AdminUserDetailsDocument, {
    variables: { id: userId ?? '' },
    skip: !userId,
    fetchPolicy: 'cache-and-network',
  });
  const user = data?.adminUser.id === userId ? data.adminUser : undefined;

  return (
    <Drawer
      opened={userId !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={
        <Title order={2} size="h3" component="span">
          {user ? user.fullName : 'User Details'}
        </Title>
      }
      closeButtonProps={{ 'aria-label': 'Close user details' }}
    >
      {error ? (
        <ErrorAlert title={AdminMessages.errorTitle} onRetry={() => void refetch()}>
          {genericErrorMessage(toApiError(error))}
        </ErrorAlert>
      ) : !user ? (
        <Group justify="center" py="xl">
          <Loader role="status" aria-label="Loading user details" />
        </Group>
      ) : (
        <Stack gap="xl" aria-busy={loading}>
          <Profile user={user} />
          <Section title="Household" id="drawer-household">
            {user.household.length === 0 ? (
              <Text c="dimmed">No household members.</Text>
            ) : (
              <ItemList>
                {user.household.map((person) => (
                  <Item key={person.id}>
                    <Text fw={600}>{person.fullName}</Text>
                    <Text size="sm" c="dimmed">
                      {RELATIONSHIP_LABELS[person.relationship] ?? person.relationship} · born{' '}
                      {formatShortCalendarDate(person.dateOfBirth)} ·{' '}
                      {FEE_LABELS[person.feeStatus] ?? person.feeStatus}
                    </Text>
                  </Item>
                ))}
              </ItemList>
            )}
          </Section>
          <MemberBillingSection userId={user.id} showHousehold={false} />
          <Section title={AdminOpsMessages.tableDeathReports} id="drawer-reports">
            {user.deathReports.length === 0 ? (
              <Text c="dimmed">No death reports.</Text>
            ) : (
              <ItemList>
                {user.deathReports.map((report) => (
                  <Item key={report.id}>
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <div>
                        <Text fw={600}>{report.deceasedName}</Text>
                        <Text size="sm" c="dimmed">
                          Died {formatShortCalendarDate(report.dateOfDeath)} · submitted{' '}
                          {formatDateTime(report.createdAt)}
                        </Text>
                      </div>
                      <StatusBadge status={report.status} />
                    </Group>
                  </Item>
                ))}
              </ItemList>
            )}
          </Section>
          <Section title="Documents" id="drawer-documents">
            {user.documents.length === 0 ? (
              <Text c="dimmed">No documents.</Text>
            ) : (
              <ItemList>
                {user.documents.map((document) => (
                  <Item key={document.id}>
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <div>
                        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                          {document.fileName}
                        </Text>
                        <Text size="sm" c="dimmed">
                          {document.documentType} · uploaded {formatDateTime(document.createdAt)}
                        </Text>
                      </div>
                      <StatusBadge status={document.status} />
                    </Group>
                  </Item>
                ))}
              </ItemList>
            )}
          </Section>
          <Section title={AdminOpsMessages.auditTrail} id="drawer-audit">
            <AuditTrailList
              memberId={user.id}
              pageSize={10}
              label={`Audit trail of ${user.fullName}`}
            />
          </Section>
        </Stack>
      )}
    </Drawer>
  );
}

function Profile({ user }: { user: Details }) {
  const address = addressLines(user);
  return (
    <Section title="Profile" id="drawer-profile">
      <Group gap="xs">
        <Badge color={membershipColor(user.membershipStatus)} variant="light">
          {membershipLabel(user.membershipStatus)}
        </Badge>
        <Badge color={user.role === 'ADMIN' ? 'grape' : 'blue'} variant="light">
          {roleLabel(user.role)}
        </Badge>
        <Badge color={user.registrationFeePaid ? 'green' : 'yellow'} variant="light">
          {user.registrationFeePaid ? 'Fee Paid' : 'Fee Pending'}
        </Badge>
      </Group>
      <DetailList
        compact
        items={[
          { label: 'Email', value: user.email },
          { label: 'Phone', value: user.phone ?? 'Not given' },
          {
            label: RegistrationMessages.dateOfBirth,
            value: user.dateOfBirth ? formatShortCalendarDate(user.dateOfBirth) : 'Not given',
          },
          { label: 'Address', value: address.length ? address.join('\n') : 'Not given' },
          {
            label: 'US citizen or legal resident',
            value:
              user.isUsCitizen === null || user.isUsCitizen === undefined
                ? 'Not given'
                : user.isUsCitizen
                  ? 'Yes'
                  : 'No',
          },
          { label: 'Joined', value: formatDateTime(user.createdAt) },
          { label: 'Account verified', value: user.verified ? 'Yes' : 'No' },
          { label: 'Email verified', value: user.emailVerified ? 'Yes' : 'No' },
          { label: 'Authenticator app', value: user.totpEnabled ? 'Set up' : 'Not set up' },
        ]}
      />
    </Section>
  );
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={3} size="h4" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function ItemList({ children }: { children: ReactNode }) {
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {children}
    </Stack>
  );
}

function Item({ children }: { children: ReactNode }) {
  return <li>{children}</li>;
}
