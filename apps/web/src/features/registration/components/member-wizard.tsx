import { ActionMessages, RegistrationWizardMessages } from '@jibs/domain';
import { Alert, Button, Container, Grid, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useQuery } from '@apollo/client/react';
import {
  genericErrorMessage,
  toApiError,
  isAdmin,
  useMessages,
  useSession,
  useSessionManager,
} from '@jibs/web-data';
import { useFocusOnChange, PageLoader, useDocumentTitle } from '@jibs/web-ui';
import { MeDocument } from '../../../gql/graphql';
import {
  previousStep,
  requestedStep,
  resumeStep,
  showsPaymentSummary,
  stepInfo,
  type WizardStep,
} from '../utils/wizard-steps';
import { StepCard, StepLoader, WizardFrame } from './wizard-frame';

// The steps (the household's dialogs, the sign-in methods, the payments) and the payment summary
// load when the wizard reaches them.
const PersonalInfoSummary = lazy(() =>
  import('./personal-info-summary').then((m) => ({ default: m.PersonalInfoSummary })),
);
const VerificationStep = lazy(() =>
  import('./verification-step').then((m) => ({ default: m.VerificationStep })),
);
const HouseholdStep = lazy(() =>
  import('./household-step').then((m) => ({ default: m.HouseholdStep })),
);
const RegistrationPaymentStep = lazy(() =>
  import('./registration-payment-step').then((m) => ({ default: m.RegistrationPaymentStep })),
);
const MembershipSetupStep = lazy(() =>
  import('./membership-setup-step').then((m) => ({ default: m.MembershipSetupStep })),
);
const PaymentSummaryCard = lazy(() =>
  import('./payment-summary-card').then((m) => ({ default: m.PaymentSummaryCard })),
);

/**
 * The wizard of a signed-in member (register-page.tsx renders it once the session says so,
 * inside the Apollo client). Where it opens comes from the server (`me`), so a reload or a later
 * sign-in continues where the member left off; `chosen` is a step the member moved to with the
 * wizard's buttons (kept by the page, so the code entry's 'go on with step 2' survives the
 * session's start).
 */
export function MemberWizard({
  chosen,
  onChoose,
}: {
  chosen: WizardStep | null;
  onChoose: (step: WizardStep) => void;
}) {
  const { RegistrationWizardMessages: wizard } = useMessages({ RegistrationWizardMessages });
  const session = useSession();
  const manager = useSessionManager();
  const [params, setParams] = useSearchParams();
  const requested = requestedStep(params.get('step'));
  const me = useQuery(MeDocument);

  const profile = me.data?.me ?? null;
  // A fresh `me` is also the session's latest word on the fee and membership.
  useEffect(() => {
    if (profile) manager.applyMembership(profile);
  }, [profile, manager]);
  const known = chosen !== null || profile !== null;
  const feePaid = profile?.registrationFeePaid ?? session.user?.registrationFeePaid ?? false;
  const membershipActive =
    (profile?.membershipStatus ?? session.user?.membershipStatus) === 'ACTIVE';
  const step =
    chosen ??
    resumeStep({
      signedIn: true,
      verified: profile?.verified ?? false,
      registrationFeePaid: feePaid,
      requested,
    });
  const headingRef = useFocusOnChange<HTMLHeadingElement>(known ? step : null);
  const stepTitle = wizard[stepInfo(step).titleKey];
  useDocumentTitle(wizard.documentTitle(stepTitle));

  const goTo = (next: WizardStep | null) => {
    if (!next) return;
    onChoose(next);
    // The payment steps are kept in the address, so a reload stays on them; the others are not.
    const kept = requestedStep(next);
    if (kept) setParams({ step: kept }, { replace: true });
    else if (params.has('step')) setParams({}, { replace: true });
  };

  // Admins have no registration; members whose fee is paid and membership active have nothing
  // left to do here.
  if (session.user && isAdmin(session.user)) return <Navigate to="/dashboard" replace />;
  if (feePaid && membershipActive) {
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
            onStart={() => onChoose('verification')}
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

  const withSummary = showsPaymentSummary(step);

  return (
    <WizardFrame step={step}>
      <Grid gap="xl" align="flex-start">
        <Grid.Col span={{ base: 12, md: withSummary ? 8 : 12 }}>
          <StepCard title={stepTitle} headingRef={headingRef} wide={withSummary}>
            {content}
          </StepCard>
        </Grid.Col>
        {withSummary && (
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Suspense fallback={null}>
              <PaymentSummaryCard />
            </Suspense>
          </Grid.Col>
        )}
      </Grid>
    </WizardFrame>
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
