import { useMutation } from '@apollo/client/react';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { Messages, passwordResetRequestSchema, signInSchema } from '@jibs/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  toApiError,
  actionErrorNotice,
  signInErrorNotice,
  type ErrorNotice,
  useSessionManager,
} from '@jibs/web-data';
import { AuthCard } from '../forms/auth-card';
import { validateWith } from '../forms/schema-validate';
import {
  RequestPasswordResetDocument,
  SignInDocument,
  StartTotpEnrollmentDocument,
  type SessionFragment,
  type SignInMutation,
  type TotpSetupFieldsFragment,
} from '../gql/graphql';
import { useDocumentTitle } from '../layout/use-document-title';
import { TotpChallenge } from '../sign-in/totp-challenge';

type Challenge = NonNullable<SignInMutation['signIn']['challenge']>;

/** Sign-in: the password, then, when the account has one, the authenticator's code. */
type Stage =
  | { kind: 'credentials' }
  | { kind: 'code'; challenge: Challenge }
  | { kind: 'enrollment'; challenge: Challenge; setup: TotpSetupFieldsFragment };

export function LoginPage() {
  const session = useSessionManager();
  const [signIn, { loading }] = useMutation(SignInDocument);
  const [startEnrollment, enrolling] = useMutation(StartTotpEnrollmentDocument);
  const [requestReset, requestingReset] = useMutation(RequestPasswordResetDocument);
  const [stage, setStage] = useState<Stage>({ kind: 'credentials' });
  const [failure, setFailure] = useState<ErrorNotice | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: validateWith(signInSchema),
  });
  useDocumentTitle('Sign in');

  /** Signed in: the sign-in route's guard now takes the member on (spec: to /dashboard). */
  const welcome = (payload: SessionFragment) => {
    notifications.show({
      color: 'jibs',
      title: 'Welcome back!',
      message: 'You have successfully signed in.',
    });
    session.establish(payload);
  };

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const { data } = await signIn({
        variables: { input: { email: values.email.trim(), password: values.password } },
      });
      const result = data?.signIn;
      if (result?.session) {
        welcome(result.session);
      } else if (result?.challenge?.kind === 'TOTP_CODE') {
        setStage({ kind: 'code', challenge: result.challenge });
      } else if (result?.challenge?.kind === 'TOTP_ENROLLMENT') {
        const challenge = result.challenge;
        const enrollment = await startEnrollment({
          variables: { challengeToken: challenge.token },
        });
        if (enrollment.data) {
          setStage({ kind: 'enrollment', challenge, setup: enrollment.data.startTotpEnrollment });
        }
      }
    } catch (error) {
      setFailure(signInErrorNotice(toApiError(error)));
    }
  });

  const forgotPassword = async () => {
    const parsed = passwordResetRequestSchema.safeParse({ email: form.getValues().email });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? Messages.emailRequiredForReset;
      if (message === Messages.emailRequiredForReset) {
        notifications.show({ color: 'yellow', title: 'Email Required', message });
      } else {
        form.setFieldError('email', message);
      }
      form.getInputNode('email')?.focus();
      return;
    }
    try {
      await requestReset({ variables: { email: parsed.data.email } });
      notifications.show({
        color: 'jibs',
        title: 'Reset Link Sent',
        message: 'Check your email for a password reset link.',
        autoClose: 8000,
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        ...actionErrorNotice('Something went wrong', toApiError(error)),
      });
    }
  };

  /** Back to the password, e.g. when the challenge has run out. */
  const restart = (notice: ErrorNotice | null) => {
    setStage({ kind: 'credentials' });
    setFailure(notice);
    form.setFieldValue('password', '');
  };

  if (stage.kind !== 'credentials') {
    return (
      <AuthCard
        width={stage.kind === 'enrollment' ? 640 : 460}
        title="Sign in"
        subtitle={
          stage.kind === 'code'
            ? 'One more step to keep your account safe.'
            : 'Administrators protect their account with an authenticator app.'
        }
      >
        <TotpChallenge
          challenge={stage.challenge}
          setup={stage.kind === 'enrollment' ? stage.setup : null}
          onSignedIn={welcome}
          onRestart={restart}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Sign in" subtitle="Welcome back. Sign in to your JIBS account.">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {failure && (
            <Alert color="red" variant="light" title={failure.title} role="alert">
              {failure.message}
            </Alert>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <Stack gap={6}>
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              required
              visible={showPassword}
              onVisibilityChange={setShowPassword}
              visibilityToggleFocusable
              visibilityToggleButtonProps={{
                'aria-label': showPassword ? 'Hide password' : 'Show password',
                'aria-pressed': showPassword,
              }}
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
            <Group justify="flex-end">
              <Anchor
                component="button"
                type="button"
                size="sm"
                fw={500}
                onClick={forgotPassword}
                disabled={requestingReset.loading}
              >
                {requestingReset.loading ? 'Sending the link…' : 'Forgot your password?'}
              </Anchor>
            </Group>
          </Stack>
          <Button type="submit" fullWidth loading={loading || enrolling.loading}>
            Sign In
          </Button>
          <Text ta="center" c="gray.7">
            New to JIBS?{' '}
            <Anchor component={Link} to="/register" fw={600}>
              Create an account
            </Anchor>
          </Text>
          <Group justify="center">
            <Anchor component={Link} to="/" c="gray.7">
              ← Back to home
            </Anchor>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
