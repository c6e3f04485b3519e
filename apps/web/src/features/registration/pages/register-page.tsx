import { RegistrationWizardFrameMessages } from '@jibs/domain';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useMessages, useSession, useSessionManager, type SessionFragment } from '@jibs/web-data';
import { PageLoader, useDocumentTitle, useFocusOnChange } from '@jibs/web-ui';
import { WithApollo } from '../../../shared/apollo/with-apollo';
import {
  clearPendingSignUp,
  readPendingSignUp,
  savePendingSignUp,
  type PendingSignUp,
} from '../utils/pending-sign-up';
import { PersonalInfoStep, type RegisterDraft } from '../components/personal-info-step';
import { StepCard, StepLoader, WizardFrame } from '../components/wizard-frame';
import { resumeStep, stepInfo, type WizardStep } from '../utils/wizard-steps';
import { useBrowserValue } from '../../../shared/utils/browser-value';

// A visitor's first screen is step 1, which shows at once, before the Apollo client and the
// session's restore (issue 26). The code entry loads when reached; a signed-in member's wizard
// (their registration as the server has it: steps 2 to 5, the payment summary) once the session
// says who is here.
const loadClientSteps = () => import('../components/client-steps');
const SignUpCodeEntry = lazy(() => loadClientSteps().then((m) => ({ default: m.SignUpCodeEntry })));
const MemberWizard = lazy(() => loadClientSteps().then((m) => ({ default: m.MemberWizard })));

/**
 * /register: the five-step registration wizard. A visitor (or anyone until the session is
 * restored) sees step 1, or the code entry of the sign-up this tab started; a signed-in member
 * continues where the server says they left off (member-wizard.tsx), so a reload or a later
 * sign-in continues where they stopped.
 */
export function RegisterPage() {
  const { RegistrationWizardMessages: wizard } = useMessages({
    RegistrationWizardMessages: RegistrationWizardFrameMessages,
  });
  const session = useSession();
  const manager = useSessionManager();
  // A step the member moved to with the wizard's buttons; until then the server decides.
  const [chosen, setChosen] = useState<WizardStep | null>(null);
  // A sign-up waiting for its emailed code (kept in sessionStorage for a reload), and the details
  // typed in step 1 (in memory only) for a member who goes back to correct them. The tab's
  // stored sign-up is read as the page first renders in the browser: a prerendered page is
  // hydrated as the build rendered it, with none, and shows it straight after (useBrowserValue).
  const [pending, setPending] = useState<PendingSignUp | null>(null);
  const [restored, setRestored] = useState(false);
  if (useBrowserValue(() => true) && !restored) {
    setRestored(true);
    setPending(readPendingSignUp());
  }
  const [draft, setDraft] = useState<RegisterDraft | null>(null);

  if (session.status === 'signed-in') {
    // Right after the code, the wizard goes on with step 2 in its frame while the member's part
    // loads (fetched as the code entry showed); a member arriving signed in sees the page loader.
    const loading = chosen ? (
      <WizardFrame step={chosen}>
        <StepCard title={wizard[stepInfo(chosen).titleKey]}>
          <StepLoader label={wizard.loading} />
        </StepCard>
      </WizardFrame>
    ) : (
      <PageLoader label={wizard.loadingRegistration} />
    );
    return (
      <WithApollo fallback={loading}>
        <Suspense fallback={loading}>
          <MemberWizard chosen={chosen} onChoose={setChosen} />
        </Suspense>
      </WithApollo>
    );
  }
  return (
    <VisitorWizard
      pending={pending}
      draft={draft}
      onStarted={(started, typed) => {
        savePendingSignUp(started);
        setPending(started);
        setDraft(typed);
      }}
      onBack={() => {
        clearPendingSignUp();
        setPending(null);
      }}
      onSignedUp={(payload) => {
        clearPendingSignUp();
        setPending(null);
        setDraft(null);
        // The code verified the email; step 2 goes on with the choice of how sign-ins are
        // verified (the specification's method selection), as the session starts.
        setChosen('verification');
        manager.establish(payload);
      }}
    />
  );
}

/** Signed out (or not known yet): step 1, or the code of the sign-up this tab started. */
function VisitorWizard({
  pending,
  draft,
  onStarted,
  onBack,
  onSignedUp,
}: {
  pending: PendingSignUp | null;
  draft: RegisterDraft | null;
  onStarted: (pending: PendingSignUp, draft: RegisterDraft) => void;
  onBack: () => void;
  onSignedUp: (session: SessionFragment) => void;
}) {
  const { RegistrationWizardMessages: wizard } = useMessages({
    RegistrationWizardMessages: RegistrationWizardFrameMessages,
  });
  const step = resumeStep({
    signedIn: false,
    pendingSignUp: pending !== null,
    verified: false,
    registrationFeePaid: false,
    requested: null,
  });
  const headingRef = useFocusOnChange<HTMLHeadingElement>(step);
  const stepTitle = wizard[stepInfo(step).titleKey];
  useDocumentTitle(wizard.documentTitle(stepTitle));
  // The code makes the visitor a member: their part of the wizard is fetched meanwhile.
  useEffect(() => {
    if (pending) void loadClientSteps().then((m) => m.preloadMemberWizard());
  }, [pending]);

  return (
    <WizardFrame step={step}>
      <StepCard title={stepTitle} headingRef={headingRef}>
        {pending ? (
          <WithApollo fallback={<StepLoader label={wizard.loading} />}>
            <SignUpCodeEntry pending={pending} onBack={onBack} onSignedUp={onSignedUp} />
          </WithApollo>
        ) : (
          <PersonalInfoStep draft={draft} onStarted={onStarted} />
        )}
      </StepCard>
    </WizardFrame>
  );
}
