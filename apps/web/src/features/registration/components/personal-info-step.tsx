import { Anchor, Box, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  PHONE_MAX_LENGTH,
  type SignUpFields,
  RegistrationMessages,
  SignInMessages,
} from '@jibs/domain';
import { lazy, Suspense, use, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { type ErrorNotice, useLanguage, useMessages } from '@jibs/web-data';
import type { PendingSignUp } from '../utils/pending-sign-up';
import { nextPhoneValue } from '../../../shared/utils/phone-input';
import { ClientPromiseContext } from '../../../shared/apollo/client-context';
import { SignInField } from '../../sign-in/components/sign-in-field';
import { CheckboxField } from './checkbox-field';
import { localToday, useBrowserValue } from '../../../shared/utils/browser-value';

// The form shows at once (issue 26: the first load of /register stays light); its check (the
// shared zod schema) and startSignUp load after the first render, and a submit waits for them.
const loadActions = () => import('../utils/sign-up-actions');
// The State list (Mantine's Select and its popover) loads after the form's first render, and the
// notice of a refused sign-up (Mantine's Alert) with the actions.
const StateSelect = lazy(() => import('./state-select'));
const loadFailure = () => import('./sign-up-failure');
const SignUpFailure = lazy(loadFailure);

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

type Field = keyof RegisterValues;
type Errors = Partial<Record<string, string>>;

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

/**
 * The line between the form's sections: a plain <hr> drawn as Mantine's Divider draws one
 * (1px, gray 3). The Divider component was the only part of its chunk step 1 loaded for it.
 */
function SectionRule() {
  return (
    <Box
      component="hr"
      m={0}
      style={{ border: 0, borderTop: '1px solid var(--mantine-color-gray-3)' }}
    />
  );
}

function withoutPasswords(values: RegisterValues): RegisterDraft {
  return Object.fromEntries(
    Object.entries(values).filter(([key]) => key !== 'password' && key !== 'confirmPassword'),
  ) as RegisterDraft;
}

/**
 * Registration step 1, Personal Information: starts the sign-up (startSignUp), which emails a
 * code and answers the same way whether or not the email is registered. The wizard then moves
 * on to step 2, the code (`onStarted`); the account exists once the code is entered.
 *
 * Its fields are native inputs styled as Mantine's (as /login's) and its state is plain React
 * state: a field is checked when it loses focus and every field on submit (as @mantine/form did
 * with `validateInputOnBlur`), editing a field clears its error, and a refused submit focuses
 * the first field to fix.
 */
export function PersonalInfoStep({
  draft,
  onStarted,
}: {
  /** The details typed before, when the member came back from the code entry. */
  draft?: RegisterDraft | null;
  onStarted: (pending: PendingSignUp, draft: RegisterDraft) => void;
}) {
  const { RegistrationMessages: text, SignInMessages: signIn } = useMessages({
    RegistrationMessages,
    SignInMessages,
  });
  const { locale } = useLanguage();
  // No date of birth after today: the visitor's today, once they have one (useBrowserValue).
  const today = useBrowserValue(() => localToday());
  const client = use(ClientPromiseContext);
  const [values, setValues] = useState<RegisterValues>(() => ({
    ...INITIAL_VALUES,
    ...draft,
    password: '',
    confirmPassword: '',
  }));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<ErrorNotice | null>(null);
  const [loading, setLoading] = useState(false);
  const [showPasswords, setShowPasswords] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const submitting = useRef(false);
  // Fetched after the first render, so that a blur or a submit seldom waits for it.
  useEffect(() => {
    void loadActions();
    void loadFailure();
  }, []);

  const change = <K extends Field>(name: K, value: RegisterValues[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  };

  /** A field that loses focus is checked against the schema (the values it left), as on submit. */
  const blurred = async (name: Field) => {
    const typed = values;
    const { validateSignUp } = await loadActions();
    const found = validateSignUp(typed);
    setErrors((current) =>
      current[name] === found[name] ? current : { ...current, [name]: found[name] },
    );
  };

  const focusFirstError = (found: Errors) => {
    const first = Object.keys(INITIAL_VALUES).find((field) => found[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[data-path="${first}"]`)?.focus();
  };

  /** A text field's props. */
  const field = (name: Exclude<Field, 'isUsCitizen'>) => ({
    'data-path': name,
    value: values[name],
    error: errors[name],
    onChange: (event: { currentTarget: HTMLInputElement }) =>
      change(name, event.currentTarget.value),
    onBlur: () => void blurred(name),
  });

  const reveal = {
    revealed: showPasswords,
    onRevealedChange: setShowPasswords,
    revealLabel: showPasswords ? text.hidePasswords : text.showPasswords,
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting.current) return;
    submitting.current = true;
    try {
      const typed = values;
      const actions = await loadActions();
      const found = actions.validateSignUp(typed);
      setErrors(found);
      if (Object.keys(found).length) {
        focusFirstError(found);
        return;
      }
      setFailure(null);
      setLoading(true);
      if (!client) throw new Error('PersonalInfoStep must be used inside the app');
      const outcome = await actions.startSignUp(await client, typed, locale);
      if (outcome.kind === 'started') {
        actions.showCodeSent(outcome.pending.sentTo);
        onStarted(outcome.pending, withoutPasswords(typed));
      } else if (outcome.kind === 'failed') {
        setErrors(outcome.fieldErrors);
        setFailure(outcome.notice);
        focusFirstError(outcome.fieldErrors);
      }
    } finally {
      submitting.current = false;
      setLoading(false);
    }
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="xl">
        <Text c="gray.7">{text.allRequired}</Text>
        {failure && (
          <Suspense fallback={null}>
            <SignUpFailure notice={failure} />
          </Suspense>
        )}

        <Stack gap="md">
          <Title order={3} size="h4">
            {text.aboutYou}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <SignInField
              label={text.firstName}
              autoComplete="given-name"
              required
              {...field('firstName')}
            />
            <SignInField
              label={text.lastName}
              autoComplete="family-name"
              required
              {...field('lastName')}
            />
            <SignInField
              label={text.phone}
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder="(555) 123-4567"
              maxLength={PHONE_MAX_LENGTH}
              required
              {...field('phone')}
              onChange={(event) =>
                change('phone', nextPhoneValue(values.phone, event.currentTarget.value))
              }
            />
            <SignInField
              label={text.dateOfBirth}
              type="date"
              autoComplete="bday"
              max={today ?? undefined}
              required
              {...field('dateOfBirth')}
            />
          </SimpleGrid>
        </Stack>

        <SectionRule />

        <Stack gap="md">
          <Title order={3} size="h4">
            {text.account}
          </Title>
          <SignInField
            label={signIn.email}
            type="email"
            autoComplete="email"
            required
            {...field('email')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <SignInField
              label={signIn.password}
              description={text.passwordHint}
              type="password"
              autoComplete="new-password"
              required
              {...reveal}
              {...field('password')}
            />
            <SignInField
              label={text.confirmPassword}
              description={text.confirmPasswordHint}
              type="password"
              autoComplete="new-password"
              required
              {...reveal}
              {...field('confirmPassword')}
            />
          </SimpleGrid>
        </Stack>

        <SectionRule />

        <Stack gap="md">
          <Title order={3} size="h4">
            {text.address}
          </Title>
          <SignInField
            label={text.addressLine1}
            autoComplete="address-line1"
            required
            {...field('addressLine1')}
          />
          <SignInField
            label={text.addressLine2}
            autoComplete="address-line2"
            {...field('addressLine2')}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <SignInField
              label={text.city}
              autoComplete="address-level2"
              required
              {...field('city')}
            />
            <Suspense
              fallback={
                <SignInField label={text.state} placeholder={text.selectState} required disabled />
              }
            >
              <StateSelect
                label={text.state}
                placeholder={text.selectState}
                required
                {...field('state')}
                onChange={(value) => change('state', value ?? '')}
              />
            </Suspense>
            <SignInField
              label={text.zipCode}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={10}
              required
              {...field('zipCode')}
            />
          </SimpleGrid>
        </Stack>

        <CheckboxField
          label={text.citizen}
          data-path="isUsCitizen"
          checked={values.isUsCitizen}
          error={errors['isUsCitizen']}
          onChange={(event) => change('isUsCitizen', event.currentTarget.checked)}
          onBlur={() => void blurred('isUsCitizen')}
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
