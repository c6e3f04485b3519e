import { ActionMessages, RegistrationWizardMessages } from '@jibs/domain';
import {
  Alert,
  Button,
  Center,
  Container,
  Grid,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import {
  genericErrorMessage,
  toApiError,
  isAdmin,
  useMessages,
  useSession,
  useSessionManager,
} from '@jibs/web-data';
import { useFocusOnChange, PageLoader, useDocumentTitle } from '@jibs/web-ui';
import {
  clearPendingSignUp,
  readPendingSignUp,
  savePendingSignUp,
  type PendingSignUp,
} from '../utils/pending-sign-up';
import { PersonalInfoStep, type RegisterDraft } from '../components/personal-info-step';
import { WizardProgress } from '../components/wizard-progress';
import {
  previousStep,
  requestedStep,
  resumeStep,
  showsPaymentSummary,
  stepInfo,
  type WizardStep,
} from '../utils/wizard-steps';
import { useQuery } from '@apollo/client/react';
import { MeDocument } from '../../../gql/graphql';

// A visitor's first screen is step 1: the code entry, the later steps (the household's dialogs,
// the sign-in methods, the payments) and the payment summary load when the wizard reaches them.
const SignUpCodeEntry = lazy(() =>
  import('../components/sign-up-code-entry').then((m) => ({ default: m.SignUpCodeEntry })),
);
const PersonalInfoSummary = lazy(() =>
  import('../components/personal-info-summary').then((m) => ({
    default: m.PersonalInfoSummary,
  })),
);
const VerificationStep = lazy(() =>
  import('../components/verification-step').then((m) => ({ default: m.VerificationStep })),
);
const HouseholdStep = lazy(() =>
  import('../components/household-step').then((m) => ({ default: m.HouseholdStep })),
);
const RegistrationPaymentStep = lazy(() =>
  import('../components/registration-payment-step').then((m) => ({
    default: m.RegistrationPaymentStep,
  })),
);
const MembershipSetupStep = lazy(() =>
  import('../components/membership-setup-step').then((m) => ({
    default: m.MembershipSetupStep,
  })),
);
const PaymentSummaryCard = lazy(() =>
  import('../components/payment-summary-card').then((m) => ({ default: m.PaymentSummaryCard })),
);

/**
 * /register: the five-step registration wizard. Where it opens comes from the server (`me`), so
 * a reload or a later sign-in continues where the member left off.
 */
export function RegisterPage() {
  const { RegistrationWizardMessages: wizard } = useMessages({ RegistrationWizardMessages });
  const session = useSession();
  const manager = useSessionManager();
  const signedIn = session.status === 'signed-in';
  const [params, setParams] = useSearchParams();
  const requested = requestedStep(params.get('step'));
  const me = useQuery(MeDocument, { skip: !signedIn });
  // A step the member moved to with the wizard's buttons; until then the server decides.
  const [chosen, setChosen] = useState<WizardStep | null>(null);
  // A sign-up waiting for its emailed code (kept in sessionStorage for a reload), and the details
  // typed in step 1 (in memory only) for a member who goes back to correct them.
  const [pending, setPending] = useState<PendingSignUp | null>(() => readPendingSignUp());
  const [draft, setDraft] = useState<RegisterDraft | null>(null);

  const profile = me.data?.me ?? null;
  // A fresh `me` is also the session's latest word on the fee and membership.
  useEffect(() => {
    if (profile) manager.applyMembership(profile);
  }, [profile, manager]);
  const known = !signedIn || chosen !== null || profile !== null;
  const feePaid = profile?.registrationFeePaid ?? session.user?.registrationFeePaid ?? false;
  const membershipActive =
    (profile?.membershipStatus ?? session.user?.membershipStatus) === 'ACTIVE';
  // Signed out, only step 1 and its code exist: where the wizard is follows the pending sign-up.
  const step =
    (signedIn ? chosen : null) ??
    resumeStep({
      signedIn,
      pendingSignUp: pending !== null,
      verified: profile?.verified ?? false,
      registrationFeePaid: feePaid,
      requested,
    });
  const headingRef = useFocusOnChange<HTMLHeadingElement>(known ? step : null);
  const info = stepInfo(step);
  const stepTitle = wizard[info.titleKey];
  useDocumentTitle(wizard.documentTitle(stepTitle));

  const goTo = (next: WizardStep | null) => {
    if (!next) return;
    setChosen(next);
    // The payment steps are kept in the address, so a reload stays on them; the others are not.
    const kept = requestedStep(next);
    if (kept) setParams({ step: kept }, { replace: true });
    else if (params.has('step')) setParams({}, { replace: true });
  };

  // Admins have no registration; members whose fee is paid and membership active have nothing
  // left to do here.
  if (signedIn && session.user && isAdmin(session.user))
    return <Navigate to="/dashboard" replace />;
  if (signedIn && feePaid && membershipActive) {
    // Once the session agrees (the effect above), so the dashboard's guard lets the member in.
    return session.user?.registrationFeePaid ? (
      <Navigate to="/dashboard" replace />
    ) : (
      <PageLoader label={wizard.loadingRegistration} />
    );
  }

  if (!known) {
    return me.error ? (
      <LoadFailure message={genericErrorMessage(toApiError(me.error))} retry={me.refetch} />
    ) : (
      <PageLoader label={wizard.loadingRegistration} />
    );
  }

  const content = (() => {
    if (!signedIn) {
      if (step === 'verification' && pending) {
        return (
          <SignUpCodeEntry
            pending={pending}
            onBack={() => {
              clearPendingSignUp();
              setPending(null);
              setChosen('personal-info');
            }}
            onSignedUp={(payload) => {
              clearPendingSignUp();
              setPending(null);
              setDraft(null);
              // The code verified the email; step 2 goes on with the choice of how sign-ins
              // are verified (the specification's method selection), as the session starts.
              setChosen('verification');
              manager.establish(payload);
            }}
          />
        );
      }
      return (
        <PersonalInfoStep
          draft={draft}
          onStarted={(started, typed) => {
            savePendingSignUp(started);
            setPending(started);
            setDraft(typed);
            setChosen('verification');
          }}
        />
      );
    }
    if (!profile) {
      return me.error ? (
        <LoadFailure message={genericErrorMessage(toApiError(me.error))} retry={me.refetch} />
      ) : (
        <StepLoader label={wizard.loading} />
      );
    }
    switch (step) {
      case 'personal-info':
        return <PersonalInfoSummary me={profile} onContinue={() => goTo('verification')} />;
      case 'verification':
        return (
          <VerificationStep
            me={profile}
            onVerified={() => goTo('household-members')}
            onContinue={() => goTo('household-members')}
            onBack={() => goTo('personal-info')}
            onStart={() => setChosen('verification')}
          />
        );
      case 'household-members':
        return (
          <HouseholdStep
            onBack={() => goTo(previousStep(step))}
            onSaved={() => goTo('registration-payment')}
          />
        );
      case 'registration-payment':
        return (
          <RegistrationPaymentStep
            feePaid={feePaid}
            onBack={() => goTo(previousStep(step))}
            onContinue={() => goTo('subscription-setup')}
          />
        );
      case 'subscription-setup':
        return (
          <MembershipSetupStep
            membershipActive={membershipActive}
            onBack={() => goTo(previousStep(step))}
          />
        );
    }
  })();

  // The summary is quoted for the signed-in member (billing), so not before the account exists.
  const withSummary = signedIn && showsPaymentSummary(step);

  return (
    <Container size={1120} px="md" py={{ base: 24, sm: 48 }}>
      <Stack gap="xl">
        <Stack gap={6}>
          <Title order={1}>{wizard.title}</Title>
          <Text c="gray.7">{wizard.intro}</Text>
        </Stack>

        <WizardProgress step={step} />

        <Grid gap="xl" align="flex-start">
          <Grid.Col span={{ base: 12, md: withSummary ? 8 : 12 }}>
            <Paper
              withBorder
              shadow="xs"
              radius="lg"
              p={{ base: 'lg', sm: 'xl' }}
              maw={withSummary ? undefined : 800}
              mx="auto"
              bg="white"
            >
              <Stack gap="lg">
                <Title order={2} size="h3" ref={headingRef} tabIndex={-1}>
                  {stepTitle}
                </Title>
                <Suspense fallback={<StepLoader label={wizard.loading} />}>{content}</Suspense>
              </Stack>
            </Paper>
          </Grid.Col>
          {withSummary && (
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Suspense fallback={null}>
                <PaymentSummaryCard />
              </Suspense>
            </Grid.Col>
          )}
        </Grid>
      </Stack>
    </Container>
  );
}

/** A step's place while its data or its code loads. */
function StepLoader({ label }: { label: string }) {
  return (
    <Center py={48} role="status">
      <Loader color="jibs" type="dots" aria-hidden />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}

function LoadFailure({ message, retry }: { message: string; retry: () => unknown }) {
  const { RegistrationWizardMessages: wizard, ActionMessages: actions } = useMessages({
    RegistrationWizardMessages,
    ActionMessages,
  });
  return (
    <Container size={640} py={48}>
      <Alert color="red" variant="light" title={wizard.loadFailedTitle} role="alert">
        <Stack gap="sm" align="flex-start">
          <Text>{message}</Text>
          <Button variant="light" onClick={() => void retry()}>
            {actions.tryAgain}
          </Button>
        </Stack>
      </Alert>
    </Container>
  );
}
