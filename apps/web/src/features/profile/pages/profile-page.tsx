import {
  Alert,
  Button,
  Card,
  Container,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  ClientMessages,
  ErrorCode,
  formatCalendarDate,
  PHONE_MAX_LENGTH,
  US_STATES,
  RegistrationMessages,
  ActionMessages,
  MemorialPageMessages,
} from '@jibs/domain';
import { Link } from 'react-router';
import { toApiError } from '@jibs/web-data';
import { BackupRestoreSection } from '../../backup/components/backup-restore-section';
import { MeDocument, type ProfileFragment } from '../../../gql/graphql';
import { DetailList, PageLoader, useDocumentTitle } from '@jibs/web-ui';
import { PageBreadcrumbs } from '../../../shared/components/page-breadcrumbs';
import { HouseholdPanel } from '../../household/components/household-panel';
import { NotificationPreferencesSection } from '../../notification-preferences/components/notification-preferences-section';
import { SecuritySection } from '../../security/components/security-section';
import { RegistrationPaymentPanel } from '../components/registration-payment-panel';
import { SaveStatusIcon } from '../components/save-status';
import { SubscriptionCard } from '../components/subscription-card';
import { useAutoSave } from '../hooks/use-auto-save';
import { nextPhoneValue } from '../../../shared/utils/phone-input';
import { useQuery } from '@apollo/client/react';

/** /profile: the member's details; phone and address save as each is edited. */
export function ProfilePage() {
  const { data, loading, error, refetch } = useQuery(MeDocument);
  useDocumentTitle('Your Profile');

  if (loading && !data) return <PageLoader label="Loading your profile…" />;

  if (error && !data) {
    const apiError = toApiError(error);
    if (apiError.code === ErrorCode.Unauthenticated) {
      return (
        <Fallback
          title={ClientMessages.authRequiredTitle}
          text="Please sign in to see your profile."
        >
          <Button component={Link} to="/login">
            Go to Login
          </Button>
        </Fallback>
      );
    }
    if (apiError.code !== ErrorCode.NotFound) {
      return (
        <Fallback title={ClientMessages.errorTitle} text={ClientMessages.profileLoadFailed}>
          <Button onClick={() => void refetch()}>{ActionMessages.tryAgain}</Button>
        </Fallback>
      );
    }
  }

  if (!data?.me) {
    return (
      <Fallback
        title={ClientMessages.profileNotFound}
        text="We could not find a profile for your account."
      >
        <Button component={Link} to="/dashboard">
          Return to Dashboard
        </Button>
      </Fallback>
    );
  }

  return <ProfileDetails key={data.me.id} profile={data.me} />;
}

function ProfileDetails({ profile }: { profile: ProfileFragment }) {
  const phone = useAutoSave('phone', profile);
  const line1 = useAutoSave('addressLine1', profile);
  const line2 = useAutoSave('addressLine2', profile);
  const city = useAutoSave('city', profile);
  const state = useAutoSave('state', profile);
  const zip = useAutoSave('zipCode', profile);

  return (
    <Container size={960} px="md" py={{ base: 24, sm: 40 }}>
      <Stack gap="xl">
        <Stack gap="xs">
          <PageBreadcrumbs current="Profile" />
          <Title order={1}>Your Profile</Title>
          <Text c="gray.7">
            Changes to your phone number and address are saved as soon as you leave each field.
          </Text>
        </Stack>

        <Card withBorder radius="lg" padding="xl" component="section" aria-labelledby="personal">
          <Stack gap="lg">
            <Title order={2} size="h3" id="personal">
              Personal Information
            </Title>
            <DetailList
              cols={3}
              items={[
                { label: MemorialPageMessages.fullName, value: profile.fullName },
                { label: 'Email', value: profile.email },
                {
                  label: RegistrationMessages.dateOfBirth,
                  value: formatCalendarDate(profile.dateOfBirth),
                },
              ]}
            />
            <Text size="sm" c="gray.7">
              Your name, email and date of birth cannot be changed here. If one of them is wrong,
              please contact us.
            </Text>
            <TextInput
              label="Phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder="(555) 123-4567"
              maxLength={PHONE_MAX_LENGTH}
              maw={320}
              value={phone.draft}
              onChange={(event) =>
                phone.setDraft(nextPhoneValue(phone.draft, event.currentTarget.value))
              }
              onBlur={() => void phone.save()}
              error={phone.error}
              errorProps={{ role: 'alert' }}
              rightSection={<SaveStatusIcon status={phone.status} />}
            />
          </Stack>
        </Card>

        <Card withBorder radius="lg" padding="xl" component="section" aria-labelledby="address">
          <Stack gap="md">
            <Title order={2} size="h3" id="address">
              Address Information
            </Title>
            <TextInput
              label={RegistrationMessages.addressLine1}
              autoComplete="address-line1"
              value={line1.draft}
              onChange={(event) => line1.setDraft(event.currentTarget.value)}
              onBlur={() => void line1.save()}
              error={line1.error}
              errorProps={{ role: 'alert' }}
              rightSection={<SaveStatusIcon status={line1.status} />}
            />
            <TextInput
              label={RegistrationMessages.addressLine2}
              autoComplete="address-line2"
              value={line2.draft}
              onChange={(event) => line2.setDraft(event.currentTarget.value)}
              onBlur={() => void line2.save()}
              error={line2.error}
              errorProps={{ role: 'alert' }}
              rightSection={<SaveStatusIcon status={line2.status} />}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <TextInput
                label="City"
                autoComplete="address-level2"
                value={city.draft}
                onChange={(event) => city.setDraft(event.currentTarget.value)}
                onBlur={() => void city.save()}
                error={city.error}
                errorProps={{ role: 'alert' }}
                rightSection={<SaveStatusIcon status={city.status} />}
              />
              <Select
                label="State"
                placeholder={RegistrationMessages.selectState}
                data={US_STATES}
                searchable
                allowDeselect={false}
                autoComplete="address-level1"
                value={state.draft || null}
                onChange={(value) => {
                  if (!value) return;
                  state.setDraft(value);
                  void state.save(value);
                }}
                error={state.error}
                errorProps={{ role: 'alert' }}
                rightSection={
                  state.status === 'idle' ? undefined : <SaveStatusIcon status={state.status} />
                }
              />
              <TextInput
                label={RegistrationMessages.zipCode}
                inputMode="numeric"
                autoComplete="postal-code"
                maxLength={10}
                value={zip.draft}
                onChange={(event) => zip.setDraft(event.currentTarget.value)}
                onBlur={() => void zip.save()}
                error={zip.error}
                errorProps={{ role: 'alert' }}
                rightSection={<SaveStatusIcon status={zip.status} />}
              />
            </SimpleGrid>
          </Stack>
        </Card>

        <SecuritySection profile={profile} />

        <NotificationPreferencesSection />

        <HouseholdPanel registrationFeePaid={profile.registrationFeePaid} />
        {profile.registrationFeePaid ? <SubscriptionCard /> : <RegistrationPaymentPanel />}
        <BackupRestoreSection />
      </Stack>
    </Container>
  );
}

function Fallback({
  title,
  text,
  children,
}: {
  title: string;
  text: string;
  children: React.ReactNode;
}) {
  return (
    <Container size={560} py={{ base: 48, sm: 96 }}>
      <Alert color="gray" variant="light" title={title} role="alert">
        <Stack gap="md" align="flex-start">
          <Text>{text}</Text>
          {children}
        </Stack>
      </Alert>
    </Container>
  );
}
