import { MemberFieldMessages } from '@jibs/domain';
import { HouseholdPageMessages } from '@jibs/domain';
import { ErrorAlert, DetailList } from '@jibs/web-ui';
import {
  AdminMessages,
  AdminUserDetailsMessages,
  AdminUsersPageMessages,
  AdminLayoutMessages,
  RegistrationMessages,
  SignInMessages,
  AdminOpsMessages,
  AdminBillingMessages,
} from '@jibs/domain';
import { useQuery } from '@apollo/client/react';
import { Badge, Drawer, Group, Loader, Stack, Text, Title } from '@mantine/core';
import {
  genericErrorMessage,
  toApiError,
  translateText,
  useDateFormat,
  useMessages,
} from '@jibs/web-data';
import { useReaderFormat } from '../../../shared/hooks/use-reader-format';
import type { ReactNode } from 'react';
import { AdminUserDetailsDocument, type AdminUserDetailsQuery } from '../../../gql/graphql';
import { StatusBadge } from '../../reviews/components/status-badge';
import { AuditTrailList } from '../../audit/components/audit-trail-list';
import { MemberBillingSection } from './member-billing-section';
import { addressLines, membershipColor, membershipLabel, roleLabel } from '../utils/user-display';

type Details = AdminUserDetailsQuery['adminUser'];

const feeLabels = (m: typeof AdminUserDetailsMessages): Record<string, string> => ({
  IN_REGISTRATION: m.inRegistrationFee,
  PAYMENT_DUE: m.paymentDue,
  PAID: m.paid,
  NO_FEE: translateText(HouseholdPageMessages.noFee),
});

/** View Details: a user's profile, household, payments, reports, documents and audit trail. */
export function UserDetailsDrawer({
  userId,
  onClose,
}: {
  userId: string | null;
  onClose: () => void;
}) {
  const {
    AdminUserDetailsMessages: m,
    AdminMessages: admin,
    AdminLayoutMessages: layout,
    AdminBillingMessages: billingWords,
    AdminOpsMessages: ops,
  } = useMessages({
    AdminOpsMessages,
    AdminUserDetailsMessages,
    AdminMessages,
    AdminLayoutMessages,
    AdminBillingMessages,
  });
  const relationshipLabel = (relationship: string): string =>
    ({ SPOUSE: billingWords.spouse, CHILD: billingWords.child, PARENT: billingWords.parent })[
      relationship
    ] ?? relationship;
  const { moment: dateTime } = useReaderFormat();
  const formatDay = useDateFormat();
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
          {user ? <bdi>{user.fullName}</bdi> : m.userDetails}
        </Title>
      }
      closeButtonProps={{ 'aria-label': m.closeUserDetails }}
    >
      {error ? (
        <ErrorAlert title={admin.errorTitle} onRetry={() => void refetch()}>
          {genericErrorMessage(toApiError(error))}
        </ErrorAlert>
      ) : !user ? (
        <Group justify="center" py="xl">
          <Loader role="status" aria-label={m.loadingUserDetails} />
        </Group>
      ) : (
        <Stack gap="xl" aria-busy={loading}>
          <Profile user={user} />
          <Section title={m.household} id="drawer-household">
            {user.household.length === 0 ? (
              <Text c="dimmed">{billingWords.noHousehold}</Text>
            ) : (
              <ItemList>
                {user.household.map((person) => (
                  <Item key={person.id}>
                    <Text fw={600}>
                      <bdi>{person.fullName}</bdi>
                    </Text>
                    <Text size="sm" c="dimmed">
                      {relationshipLabel(person.relationship)} ·{' '}
                      {m.born(formatDay(person.dateOfBirth))} ·{' '}
                      {feeLabels(m)[person.feeStatus] ?? person.feeStatus}
                    </Text>
                  </Item>
                ))}
              </ItemList>
            )}
          </Section>
          <MemberBillingSection userId={user.id} showHousehold={false} />
          <Section title={ops.tableDeathReports} id="drawer-reports">
            {user.deathReports.length === 0 ? (
              <Text c="dimmed">{m.noDeathReports}</Text>
            ) : (
              <ItemList>
                {user.deathReports.map((report) => (
                  <Item key={report.id}>
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <div>
                        <Text fw={600}>
                          <bdi>{report.deceasedName}</bdi>
                        </Text>
                        <Text size="sm" c="dimmed">
                          {m.diedSubmitted(
                            formatDay(report.dateOfDeath),
                            dateTime(report.createdAt),
                          )}
                        </Text>
                      </div>
                      <StatusBadge status={report.status} />
                    </Group>
                  </Item>
                ))}
              </ItemList>
            )}
          </Section>
          <Section title={layout.documents} id="drawer-documents">
            {user.documents.length === 0 ? (
              <Text c="dimmed">{m.noDocuments}</Text>
            ) : (
              <ItemList>
                {user.documents.map((document) => (
                  <Item key={document.id}>
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <div>
                        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                          <bdi>{document.fileName}</bdi>
                        </Text>
                        <Text size="sm" c="dimmed">
                          {m.uploaded(
                            translateText(document.documentType),
                            dateTime(document.createdAt),
                          )}
                        </Text>
                      </div>
                      <StatusBadge status={document.status} />
                    </Group>
                  </Item>
                ))}
              </ItemList>
            )}
          </Section>
          <Section title={ops.auditTrail} id="drawer-audit">
            <AuditTrailList
              memberId={user.id}
              pageSize={10}
              label={m.auditTrailOf(user.fullName)}
            />
          </Section>
        </Stack>
      )}
    </Drawer>
  );
}

function Profile({ user }: { user: Details }) {
  const {
    AdminUserDetailsMessages: m,
    AdminUsersPageMessages: users,
    RegistrationMessages: registration,
    SignInMessages: signIn,
    MemberFieldMessages: fields,
  } = useMessages({
    AdminUserDetailsMessages,
    AdminUsersPageMessages,
    RegistrationMessages,
    SignInMessages,
    MemberFieldMessages,
  });
  const { moment: dateTime } = useReaderFormat();
  const formatDay = useDateFormat();
  const address = addressLines(user);
  const yesNo = (value: boolean) => (value ? m.yes : m.no);
  return (
    <Section title={m.profile} id="drawer-profile">
      <Group gap="xs">
        <Badge color={membershipColor(user.membershipStatus)} variant="light">
          {membershipLabel(user.membershipStatus, users)}
        </Badge>
        <Badge color={user.role === 'ADMIN' ? 'grape' : 'blue'} variant="light">
          {roleLabel(user.role, users)}
        </Badge>
        <Badge color={user.registrationFeePaid ? 'green' : 'yellow'} variant="light">
          {user.registrationFeePaid ? users.feePaid : users.feePending}
        </Badge>
      </Group>
      <DetailList
        compact
        items={[
          { label: signIn.email, value: user.email },
          { label: m.phone, value: user.phone ?? users.notGiven },
          {
            label: registration.dateOfBirth,
            value: user.dateOfBirth ? formatDay(user.dateOfBirth) : users.notGiven,
          },
          { label: users.address, value: address.length ? address.join('\n') : users.notGiven },
          {
            label: m.usCitizen,
            value:
              user.isUsCitizen === null || user.isUsCitizen === undefined
                ? users.notGiven
                : yesNo(user.isUsCitizen),
          },
          { label: users.joined, value: dateTime(user.createdAt) },
          { label: m.accountVerified, value: yesNo(user.verified) },
          { label: m.emailVerified, value: yesNo(user.emailVerified) },
          { label: fields.authenticatorApp, value: user.totpEnabled ? m.setUp : m.notSetUp },
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
