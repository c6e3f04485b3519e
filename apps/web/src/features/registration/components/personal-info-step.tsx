import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Divider,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  PHONE_MAX_LENGTH,
  signUpSchema,
  toE164,
  type SignUpFields,
  RegistrationMessages,
  SignInMessages,
  VerificationMessages,
} from '@jibs/domain';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import {
  toApiError,
  signUpErrorNotice,
  type ErrorNotice,
  useLanguage,
  useMessages,
  validateWith,
} from '@jibs/web-data';
import type { PendingSignUp } from '../utils/pending-sign-up';
import { nextPhoneValue } from '../../../shared/utils/phone-input';
import { useMutation } from '@apollo/client/react';
import { StartSignUpDocument } from '../../../gql/graphql';

// The State list (Mantine's Select and its popover) loads after the form's first render.
const StateSelect = lazy(() => import('./state-select'));

/**
 * The form's values: the schema's fields, with the checkbox free to be unticked (the language is
 * not a field: the one the visitor reads the page in is sent).
 */
export type RegisterValues = Record<
  Exclude<keyof SignUpFields, 'isUsCitizen' | 'language'>,
  string
> & {
  isUsCitizen: boolean;
};

const INITIAL_VALUES: RegisterValues = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  phone: '',
  dateOfBirth: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  state: '',
  zipCode: '',
  isUsCitizen: false,
};

/** What the form keeps when the member goes back from the code: everything but the passwords. */
export type RegisterDraft = Omit<RegisterValues, 'password' | 'confirmPassword'>;

function withoutPasswords(values: RegisterValues): RegisterDraft {
  return Object.fromEntries(
    Object.entries(values).filter(([key]) => key !== 'password' && key !== 'confirmPassword'),
  ) as RegisterDraft;
}

/**
 * Registration step 1, Personal Information: starts the sign-up (startSignUp), which emails a
 * code and answers the same way whether or not the email is registered. The wizard then moves
 * on to step 2, the code (`onStarted`); the account exists once the code is entered.
 */
export function PersonalInfoStep({
  draft,
  onStarted,
}: {
  /** The details typed before, when the member came back from the code entry. */
  draft?: RegisterDraft | null;
  onStarted: (pending: PendingSignUp, draft: RegisterDraft) => void;
}) {
  const {
    RegistrationMessages: text,
    SignInMessages: signIn,
    VerificationMessages: verification,
  } = useMessages({ RegistrationMessages, SignInMessages, VerificationMessages });
  const { locale } = useLanguage();
  const [startSignUp, { loading }] = useMutation(StartSignUpDocument);
  const [failure, setFailure] = useState<ErrorNotice | null>(null);
  const [showPasswords, setShowPasswords] = useState(false);
  const form = useForm<RegisterValues>({
    initialValues: { ...INITIAL_VALUES, ...draft, password: '', confirmPassword: '' },
    validate: validateWith(signUpSchema),
    validateInputOnBlur: true,
  });

  const focusFirstError = (errors: Record<string, unknown>) => {
    const first = Object.keys(INITIAL_VALUES).find((field) => errors[field]);
    if (first) form.getInputNode(first as keyof RegisterValues)?.focus();
  };

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    const data = signUpSchema.parse(values);
    try {
      const result = await startSignUp({
        variables: {
          input: {
            ...data,
            phone: toE164(data.phone),
            addressLine2: data.addressLine2 || null,
            // The account's language: emails and texts follow it (the visitor's chosen or
            // browser language, the page's).
            language: locale,
          },
        },
      });
      if (!result.data) return;
      const { signUpToken, sentTo, expiresAt } = result.data.startSignUp;
      notifications.show({
        color: 'jibs',
        title: verification.codeSentTitle,
        message: verification.codeSent(sentTo),
      });
      onStarted({ signUpToken, sentTo, expiresAt }, withoutPasswords(values));
    } catch (error) {
      const apiError = toApiError(error);
      form.setErrors(apiError.fieldErrors);
      setFailure(signUpErrorNotice(apiError));
      focusFirstError(apiError.fieldErrors);
    }
  }, focusFirstError);

  const passwordToggle = {
    visible: showPasswords,
    onVisibilityChange: setShowPasswords,
    visibilityToggleFocusable: true,
    visibilityToggleButtonProps: {
      'aria-label': showPasswords ? text.hidePasswords : text.showPasswords,
      'aria-pressed': showPasswords,
    },
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xl">
        <Text c="gray.7">{text.allRequired}</Text>
        {failure && (
          <Alert color="red" variant="light" title={failure.title} role="alert">
            {failure.message}
          </Alert>
        )}

        <Stack gap="md">
          <Title order={3} size="h4">
            {text.aboutYou}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={text.firstName}
              autoComplete="given-name"
              required
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label={text.lastName}
              autoComplete="family-name"
              required
              {...form.getInputProps('lastName')}
            />
            <TextInput
              label={text.phone}
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder="(555) 123-4567"
              maxLength={PHONE_MAX_LENGTH}
              required
              {...form.getInputProps('phone')}
              onChange={(event) =>
                form.setFieldValue(
                  'phone',
                  nextPhoneValue(form.values.phone, event.currentTarget.value),
                )
              }
            />
            <TextInput
              label={text.dateOfBirth}
              type="date"
              autoComplete="bday"
              max={new Date().toISOString().slice(0, 10)}
              required
              {...form.getInputProps('dateOfBirth')}
            />
          </SimpleGrid>
        </Stack>

        <Divider />

        <Stack gap="md">
          <Title order={3} size="h4">
            {text.account}
          </Title>
          <TextInput
            label={signIn.email}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <PasswordInput
              label={signIn.password}
              description={text.passwordHint}
              autoComplete="new-password"
              required
              {...passwordToggle}
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label={text.confirmPassword}
              description={text.confirmPasswordHint}
              autoComplete="new-password"
              required
              {...passwordToggle}
              {...form.getInputProps('confirmPassword')}
            />
          </SimpleGrid>
        </Stack>

        <Divider />

        <Stack gap="md">
          <Title order={3} size="h4">
            {text.address}
          </Title>
          <TextInput
            label={text.addressLine1}
            autoComplete="address-line1"
            required
            {...form.getInputProps('addressLine1')}
          />
          <TextInput
            label={text.addressLine2}
            autoComplete="address-line2"
            {...form.getInputProps('addressLine2')}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <TextInput
              label={text.city}
              autoComplete="address-level2"
              required
              {...form.getInputProps('city')}
            />
            <Suspense
              fallback={
                <TextInput label={text.state} placeholder={text.selectState} required disabled />
              }
            >
              <StateSelect
                label={text.state}
                placeholder={text.selectState}
                required
                {...form.getInputProps('state')}
                onChange={(value) => form.setFieldValue('state', value ?? '')}
              />
            </Suspense>
            <TextInput
              label={text.zipCode}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={10}
              required
              {...form.getInputProps('zipCode')}
            />
          </SimpleGrid>
        </Stack>

        <Checkbox
          label={text.citizen}
          {...form.getInputProps('isUsCitizen', { type: 'checkbox' })}
        />

        <Stack gap="sm">
          <Button type="submit" size="lg" fullWidth loading={loading}>
            {text.createAccount}
          </Button>
          <Group justify="space-between" gap="xs">
            <Anchor component={Link} to="/" c="gray.7">
              {signIn.backHome}
            </Anchor>
            <Text c="gray.7">
              {text.alreadyMember}{' '}
              <Anchor component={Link} to="/login" fw={600}>
                {signIn.signIn}
              </Anchor>
            </Text>
          </Group>
        </Stack>
      </Stack>
    </form>
  );
}
