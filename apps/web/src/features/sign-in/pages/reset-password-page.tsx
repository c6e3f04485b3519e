import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  ErrorCode,
  resetPasswordSchema,
  PublicSiteMessages,
  RegistrationMessages,
} from '@jibs/domain';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  toApiError,
  actionErrorMessage,
  useSession,
  useMessages,
  useSessionManager,
  useText,
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
  const { PublicSiteMessages: text, RegistrationMessages: registration } = useMessages({
    PublicSiteMessages,
    RegistrationMessages,
  });
  const translate = useText();
  useDocumentTitle(text.resetTitle);

  // A link without a usable token cannot work; say so at once.
  const tokenCheck = resetPasswordSchema.safeParse(form.values);
  const tokenIssue = tokenCheck.success
    ? null
    : (tokenCheck.error.issues.find((issue) => issue.path[0] === 'token')?.message ?? null);
  const tokenMessage = linkFailure ?? (tokenIssue && translate(tokenIssue));

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      await resetPassword({ variables: { input: values } });
      // The server has ended every session of the account; end this tab's too, quietly.
      if (status === 'signed-in') await session.signOut();
      notifications.show({
        color: 'jibs',
        title: text.passwordUpdated,
        message: text.passwordUpdatedText,
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
      'aria-label': showPasswords ? registration.hidePasswords : registration.showPasswords,
      'aria-pressed': showPasswords,
    },
  };

  if (tokenMessage) {
    return (
      <AuthCard title={text.resetTitle}>
        <Stack gap="md">
          <Alert color="red" variant="light" title={text.linkUnusable} role="alert">
            {tokenMessage}
          </Alert>
          <Text c="gray.7">{text.resetLinksOnce}</Text>
          <Button component={Link} to="/login" fullWidth>
            {text.goToSignIn}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={text.resetTitle} subtitle={text.resetSubtitle}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {failure && (
            <Alert color="red" variant="light" title={text.passwordNotChanged} role="alert">
              {failure}
            </Alert>
          )}
          <PasswordInput
            label={text.newPassword}
            description={registration.passwordHint}
            autoComplete="new-password"
            required
            {...passwordToggle}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={text.confirmNewPassword}
            description={registration.confirmPasswordHint}
            autoComplete="new-password"
            required
            {...passwordToggle}
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" fullWidth loading={loading} mt="xs">
            {text.changePassword}
          </Button>
          <Text ta="center">
            <Anchor component={Link} to="/login" c="gray.7">
              {text.backToSignIn}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
