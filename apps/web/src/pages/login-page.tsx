import { useMutation } from '@apollo/client/react';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { signInSchema } from '@jibs/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { toApiError } from '../api/api-error';
import { signInErrorNotice, type ErrorNotice } from '../api/error-messages';
import { AuthCard } from '../forms/auth-card';
import { validateWith } from '../forms/schema-validate';
import { SignInDocument } from '../gql/graphql';
import { useSessionManager } from '../session/session-context';

export function LoginPage() {
  const session = useSessionManager();
  const [signIn, { loading }] = useMutation(SignInDocument);
  const [failure, setFailure] = useState<ErrorNotice | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: validateWith(signInSchema),
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const { data } = await signIn({
        variables: { input: { email: values.email.trim(), password: values.password } },
      });
      if (!data) return;
      notifications.show({
        color: 'jibs',
        title: 'Welcome back!',
        message: 'You have successfully signed in.',
      });
      // Signed in: the route guard now takes the member on to the dashboard.
      session.establish(data.signIn);
    } catch (error) {
      setFailure(signInErrorNotice(toApiError(error)));
    }
  });

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
          <Button type="submit" fullWidth loading={loading} mt="xs">
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
