import {
  HeaderMessages,
  PublicLayoutMessages,
  PublicSignInMessages,
  SignInMessages,
} from '@jibs/domain';
import { Alert, Anchor, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { lazy, Suspense, use, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { type ErrorNotice, useMessages, useSessionManager } from '@jibs/web-data';
import { ClientPromiseContext } from '../../../shared/apollo/client-context';
import { WithApollo } from '../../../shared/apollo/with-apollo';
import { AuthCard } from '../components/auth-card';
import { SignInField } from '../components/sign-in-field';
import type { SessionFragment, TotpSetupFieldsFragment } from '../../../gql/graphql';
import { useDocumentTitle } from '@jibs/web-ui';
import type { Challenge } from '../utils/sign-in-actions';

// The form shows at once (issue 16: the first load of /login stays light); what it does on
// submit (zod, the mutations, the notifications) loads after the first render, and the TOTP
// steps, which use the Apollo client through hooks, when they are reached.
const loadActions = () => import('../utils/sign-in-actions');
const loadTotpChallenge = () => import('../components/totp-challenge');
const TotpChallenge = lazy(() => loadTotpChallenge().then((m) => ({ default: m.TotpChallenge })));

interface Values {
  email: string;
  password: string;
}

/** Sign-in: the password, then, when the account has one, the authenticator's code. */
type Stage =
  | { kind: 'credentials' }
  | { kind: 'code'; challenge: Challenge }
  | { kind: 'enrollment'; challenge: Challenge; setup: TotpSetupFieldsFragment };

export function LoginPage() {
  const {
    HeaderMessages: header,
    SignInMessages: text,
    PublicSignInMessages: publicText,
  } = useMessages({ HeaderMessages, SignInMessages, PublicSignInMessages });
  const session = useSessionManager();
  const client = use(ClientPromiseContext);
  const [loading, setLoading] = useState(false);
  const [requestingReset, setRequestingReset] = useState(false);
  const [stage, setStage] = useState<Stage>({ kind: 'credentials' });
  const [failure, setFailure] = useState<ErrorNotice | null>(null);
  // Two fields: a plain state rather than @mantine/form, which the first load would carry.
  const [values, setValues] = useState<Values>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const emailInput = useRef<HTMLInputElement>(null);
  /** A field's props; editing it clears its error (as @mantine/form does). */
  const field = (name: keyof Values) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });
  useDocumentTitle(text.signIn);
  // Fetched after the first render, so that a submit seldom waits for it.
  useEffect(() => void loadActions(), []);

  const apollo = async () => {
    if (!client) throw new Error('LoginPage must be used inside the app');
    return client;
  };

  /** Signed in: the sign-in route's guard now takes the member on (spec: to /dashboard). */
  const welcome = (payload: SessionFragment) => {
    void loadActions().then((actions) => actions.showWelcome());
    session.establish(payload);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const actions = await loadActions();
    const found = actions.validateSignIn(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    void loadTotpChallenge();
    setLoading(true);
    try {
      const outcome = await actions.signIn(await apollo(), values);
      if (outcome.kind === 'signed-in') welcome(outcome.session);
      else if (outcome.kind === 'failed') setFailure(outcome.notice);
      else if (outcome.kind !== 'none') setStage(outcome);
    } finally {
      setLoading(false);
    }
  };

  const forgotPassword = async () => {
    const actions = await loadActions();
    const checked = actions.checkResetEmail(values.email);
    if (!('email' in checked)) {
      if ('fieldError' in checked)
        setErrors((current) => ({ ...current, email: checked.fieldError }));
      emailInput.current?.focus();
      return;
    }
    setRequestingReset(true);
    try {
      await actions.requestPasswordReset(await apollo(), checked.email);
    } finally {
      setRequestingReset(false);
    }
  };

  /** Back to the password, e.g. when the challenge has run out. */
  const restart = (notice: ErrorNotice | null) => {
    setStage({ kind: 'credentials' });
    setFailure(notice);
    setValues((current) => ({ ...current, password: '' }));
  };

  if (stage.kind !== 'credentials') {
    return (
      <AuthCard
        width={stage.kind === 'enrollment' ? 640 : 460}
        title={text.signIn}
        subtitle={stage.kind === 'code' ? publicText.codeStep : publicText.adminTotpStep}
      >
        <WithApollo fallback={<StepLoader />}>
          <Suspense fallback={<StepLoader />}>
            <TotpChallenge
              challenge={stage.challenge}
              setup={stage.kind === 'enrollment' ? stage.setup : null}
              onSignedIn={welcome}
              onRestart={restart}
            />
          </Suspense>
        </WithApollo>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={text.signIn} subtitle={text.welcomeBack}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {failure && (
            <Alert color="red" variant="light" title={failure.title} role="alert">
              {failure.message}
            </Alert>
          )}
          {/* Native fields (sign-in-field.tsx): Mantine's inputs would add 7 KB to the first load. */}
          <SignInField
            label={text.email}
            type="email"
            autoComplete="email"
            required
            ref={emailInput}
            {...field('email')}
          />
          <Stack gap={6}>
            <SignInField
              label={text.password}
              type="password"
              autoComplete="current-password"
              required
              {...field('password')}
            />
            <Group justify="flex-end">
              <Anchor
                component="button"
                type="button"
                size="sm"
                fw={500}
                onClick={forgotPassword}
                disabled={requestingReset}
              >
                {requestingReset ? text.sendingLink : text.forgotPassword}
              </Anchor>
            </Group>
          </Stack>
          <Button type="submit" fullWidth loading={loading}>
            {header.signIn}
          </Button>
          <Text ta="center" c="gray.7">
            {text.newToJibs}{' '}
            <Anchor component={Link} to="/register" fw={600}>
              {text.createAccount}
            </Anchor>
          </Text>
          <Group justify="center">
            <Anchor component={Link} to="/" c="gray.7">
              {text.backHome}
            </Anchor>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}

/** While the TOTP step's code loads (a moment, once). */
function StepLoader() {
  const { PublicLayoutMessages: text } = useMessages({ PublicLayoutMessages });
  return (
    <Center mih={160} role="status" aria-live="polite">
      <Loader color="jibs" type="dots" role="status" aria-label={text.loading} />
    </Center>
  );
}
