import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ErrorCode, resetPasswordSchema, RegistrationMessages } from '@jibs/domain';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  toApiError,
  actionErrorMessage,
  useSession,
  useSessionManager,
  validateWith,
} from '@jibs/web-data';
import { AuthCard } from '../components/auth-card';
import { useDocumentTitle } from '@jibs/web-ui';
import { useMutation } from '@apollo/client/react';
import { ResetPasswordDocument } from '../../../gql/graphql';

/**
 * /reset-password?token=…: the target of the emailed link. A new password for the account;
 * every session of it ends, so the member signs in again with the new one.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { status } = useSession();
  const session = useSessionManager();
  const [resetPassword, { loading }] = useMutation(ResetPasswordDocument);
  const [showPasswords, setShowPasswords] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [linkFailure, setLinkFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: { token: params.get('token') ?? '', password: '', confirmPassword: '' },
    validate: validateWith(resetPasswordSchema),
    validateInputOnBlur: ['password', 'confirmPassword'],
  });
  useDocumentTitle('Reset your password');

  // A link without a usable token cannot work; say so at once.
  const tokenCheck = resetPasswordSchema.safeParse(form.values);
  const tokenMessage =
    linkFailure ??
    (tokenCheck.success
      ? null
      : (tokenCheck.error.issues.find((issue) => issue.path[0] === 'token')?.message ?? null));

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      await resetPassword({ variables: { input: values } });
      // The server has ended every session of the account; end this tab's too, quietly.
      if (status === 'signed-in') await session.signOut();
      notifications.show({
        color: 'jibs',
        title: 'Password Updated',
        message: 'Your password has been changed. Please sign in with your new password.',
        autoClose: 8000,
      });
      navigate('/login', { replace: true });
    } catch (error) {
      const apiError = toApiError(error);
      const { token, ...fields } = apiError.fieldErrors;
      if (token) {
        setLinkFailure(token);
        return;
      }
      if (apiError.code === ErrorCode.BadUserInput && Object.keys(fields).length > 0) {
        form.setErrors(fields);
        return;
      }
      setFailure(actionErrorMessage(apiError));
    }
  });

  const passwordToggle = {
    visible: showPasswords,
    onVisibilityChange: setShowPasswords,
    visibilityToggleFocusable: true,
    visibilityToggleButtonProps: {
      'aria-label': showPasswords
        ? RegistrationMessages.hidePasswords
        : RegistrationMessages.showPasswords,
      'aria-pressed': showPasswords,
    },
  };

  if (tokenMessage) {
    return (
      <AuthCard title="Reset your password">
        <Stack gap="md">
          <Alert color="red" variant="light" title="This link cannot be used" role="alert">
            {tokenMessage}
          </Alert>
          <Text c="gray.7">
            Reset links work once and only for a short time. On the sign-in page, enter your email
            and choose &lsquo;Forgot your password?&rsquo; to get a new one.
          </Text>
          <Button component={Link} to="/login" fullWidth>
            Go to Sign In
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset your password" subtitle="Choose a new password for your JIBS account.">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {failure && (
            <Alert color="red" variant="light" title="Password Not Changed" role="alert">
              {failure}
            </Alert>
          )}
          <PasswordInput
            label="New password"
            description={RegistrationMessages.passwordHint}
            autoComplete="new-password"
            required
            {...passwordToggle}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm new password"
            description={RegistrationMessages.confirmPasswordHint}
            autoComplete="new-password"
            required
            {...passwordToggle}
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" fullWidth loading={loading} mt="xs">
            Change Password
          </Button>
          <Text ta="center">
            <Anchor component={Link} to="/login" c="gray.7">
              ← Back to sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
