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
  PHONE_MAX_LENGTH,
  US_STATES,
  RegistrationMessages,
  ActionMessages,
  MemberFieldMessages,
  MemberProfileMessages,
  SignInMessages,
} from '@jibs/domain';
import { Link } from 'react-router';
import { toApiError, useDateFormat, useMessages } from '@jibs/web-data';
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
import { LanguageSection } from '../components/language-section';
import { nextPhoneValue } from '../../../shared/utils/phone-input';
import { useQuery } from '@apollo/client/react';

/** /profile: the member's details; phone and address save as each is edited. */
export function ProfilePage() {
  const { data, loading, error, refetch } = useQuery(MeDocument);
  const {
    MemberProfileMessages: text,
    ClientMessages: client,
    ActionMessages: actions,
  } = useMessages({ MemberProfileMessages, ClientMessages, ActionMessages });
  useDocumentTitle(text.title);

  if (loading && !data) return <PageLoader label={text.loading} />;

  if (error && !data) {
    const apiError = toApiError(error);
    if (apiError.code === ErrorCode.Unauthenticated) {
      return (
        <Fallback title={client.authRequiredTitle} text={text.signInToSee}>
          <Button component={Link} to="/login">
            {text.goToLogin}
          </Button>
        </Fallback>
      );
    }
    if (apiError.code !== ErrorCode.NotFound) {
      return (
        <Fallback title={client.errorTitle} text={client.profileLoadFailed}>
          <Button onClick={() => void refetch()}>{actions.tryAgain}</Button>
        </Fallback>
      );
    }
  }

  if (!data?.me) {
    return (
      <Fallback title={client.profileNotFound} text={text.notFoundText}>
        <Button component={Link} to="/dashboard">
          {text.returnToDashboard}
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
  const {
    MemberProfileMessages: text,
    MemberFieldMessages: fields,
    RegistrationMessages: registration,
    SignInMessages: signIn,
  } = useMessages({
    MemberProfileMessages,
    MemberFieldMessages,
    RegistrationMessages,
    SignInMessages,
  });
  const formatDate = useDateFormat();

  return (
    <Container size={960} px="md" py={{ base: 24, sm: 40 }}>
      <Stack gap="xl">
        <Stack gap="xs">
          <PageBreadcrumbs current={text.breadcrumb} />
          <Title order={1}>{text.title}</Title>
          <Text c="gray.7">{text.intro}</Text>
        </Stack>

        <Card withBorder radius="lg" padding="xl" component="section" aria-labelledby="personal">
          <Stack gap="lg">
            <Title order={2} size="h3" id="personal">
              {fields.personalInformation}
            </Title>
            <DetailList
              cols={3}
              items={[
                { label: fields.fullName, value: <bdi>{profile.fullName}</bdi> },
                { label: signIn.email, value: <bdi>{profile.email}</bdi> },
                { label: registration.dateOfBirth, value: formatDate(profile.dateOfBirth) },
              ]}
            />
            <Text size="sm" c="gray.7">
              {text.cannotChange}
            </Text>
            <TextInput
              label={registration.phone}
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
              {text.addressInformation}
            </Title>
            <TextInput
              label={registration.addressLine1}
              autoComplete="address-line1"
              value={line1.draft}
              onChange={(event) => line1.setDraft(event.currentTarget.value)}
              onBlur={() => void line1.save()}
              error={line1.error}
              errorProps={{ role: 'alert' }}
              rightSection={<SaveStatusIcon status={line1.status} />}
            />
            <TextInput
              label={registration.addressLine2}
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
                label={registration.city}
                autoComplete="address-level2"
                value={city.draft}
                onChange={(event) => city.setDraft(event.currentTarget.value)}
                onBlur={() => void city.save()}
                error={city.error}
                errorProps={{ role: 'alert' }}
                rightSection={<SaveStatusIcon status={city.status} />}
              />
              <Select
                label={registration.state}
                placeholder={registration.selectState}
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
                label={registration.zipCode}
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

        <LanguageSection profile={profile} />

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
