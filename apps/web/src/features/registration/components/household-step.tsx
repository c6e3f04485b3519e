import {
  Alert,
  Button,
  Card,
  Checkbox,
  CloseButton,
  Group,
  List,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  ErrorCode,
  HouseholdMessages,
  RegistrationWizardMessages,
  validateHousehold,
} from '@jibs/domain';
import { useRef, useState } from 'react';
import { toApiError, translateText, useMessages, useText } from '@jibs/web-data';
import {
  MyHouseholdDocument,
  SaveHouseholdDocument,
  RegistrationQuoteDocument,
  type HouseholdMemberItemFragment,
} from '../../../gql/graphql';
import { useFocusFirstInvalid, PageLoader } from '@jibs/web-ui';
import {
  emptyMemberForm,
  memberFormFromSaved,
  toDomainDraft,
  toMemberInput,
  type MemberForm,
} from '../../household/utils/household-form';
import { HouseholdMemberFields } from '../../household/components/household-member-fields';
import { StepButtons } from './step-buttons';
import { useMutation, useQuery } from '@apollo/client/react';

/** Step 3: the household (may be empty), saved to billing before the registration payment. */
export function HouseholdStep({ onBack, onSaved }: { onBack: () => void; onSaved: () => void }) {
  const { RegistrationWizardMessages: wizard } = useMessages({ RegistrationWizardMessages });
  const saved = useQuery(MyHouseholdDocument, { fetchPolicy: 'cache-and-network' });
  if (saved.loading && !saved.data) return <PageLoader label={wizard.loadingHousehold} />;
  return (
    <HouseholdForm
      initial={saved.data?.myHousehold ?? []}
      loadFailed={!!saved.error && !saved.data}
      onBack={onBack}
      onSaved={onSaved}
    />
  );
}

function HouseholdForm({
  initial,
  loadFailed,
  onBack,
  onSaved,
}: {
  initial: readonly HouseholdMemberItemFragment[];
  loadFailed: boolean;
  onBack: () => void;
  onSaved: () => void;
}) {
  const { RegistrationWizardMessages: wizard, HouseholdMessages: household } = useMessages({
    RegistrationWizardMessages,
    HouseholdMessages,
  });
  // Validation and the server's field errors are English catalogue messages: shown translated.
  const translate = useText();
  const [members, setMembers] = useState<MemberForm[]>(() => initial.map(memberFormFromSaved));
  const [sameAddress, setSameAddress] = useState(initial.length > 0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const { ref: fieldsRef, focusFirstInvalid } = useFocusFirstInvalid<HTMLDivElement>();
  const [save, { loading }] = useMutation(SaveHouseholdDocument, {
    refetchQueries: [RegistrationQuoteDocument, MyHouseholdDocument],
    awaitRefetchQueries: true,
  });

  const update = (key: string, change: Partial<MemberForm>) => {
    setMembers((all) => all.map((m) => (m.key === key ? { ...m, ...change } : m)));
    setErrors({});
  };

  const submit = async () => {
    setSaveError(null);
    const result = validateHousehold({
      members: members.map(toDomainDraft),
      sameAddressCertified: sameAddress,
    });
    if (!result.ok) {
      // The summary above is announced (role=alert); focus goes to the first field to fix.
      setErrors(result.fieldErrors);
      focusFirstInvalid();
      return;
    }
    setErrors({});
    try {
      await save({
        variables: {
          input: {
            members: members.map(toMemberInput),
            sameAddressCertified: members.length > 0 ? sameAddress : null,
          },
        },
      });
      onSaved();
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.code === ErrorCode.BadUserInput && Object.keys(apiError.fieldErrors).length) {
        setErrors(apiError.fieldErrors);
        focusFirstInvalid();
        return;
      }
      setSaveError(
        apiError.code === ErrorCode.BadUserInput || apiError.code === ErrorCode.Conflict
          ? translateText(apiError.message)
          : translateText(HouseholdMessages.householdSaveFailed),
      );
      requestAnimationFrame(() => alertRef.current?.focus());
    }
  };

  const messages = [...new Set(Object.values(errors).map(translate))];
  const fieldError = (index: number, field: string) => {
    const error = errors[`members.${index}.${field}`];
    return error === undefined ? undefined : translate(error);
  };

  return (
    <Stack gap="lg" ref={fieldsRef}>
      <Text c="gray.8">{wizard.householdIntro}</Text>
      {loadFailed && (
        <Alert color="yellow" variant="light">
          {wizard.householdLoadFailed}
        </Alert>
      )}
      {(messages.length > 0 || saveError) && (
        <Alert
          ref={alertRef}
          tabIndex={-1}
          color="red"
          variant="light"
          role="alert"
          title={saveError ? wizard.householdNotSaved : household.validationErrorTitle}
        >
          {saveError ? (
            <Text>{saveError}</Text>
          ) : (
            <List size="sm">
              {messages.map((message) => (
                <List.Item key={message}>{message}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}

      {members.map((member, index) => (
        <Card
          key={member.key}
          withBorder
          radius="md"
          padding="lg"
          component="section"
          aria-labelledby={`member-${member.key}`}
        >
          <Stack gap="md">
            <Group justify="space-between" wrap="nowrap">
              <Title order={3} size="h5" id={`member-${member.key}`}>
                {wizard.householdMember(index + 1)}
              </Title>
              <CloseButton
                aria-label={wizard.removeHouseholdMember(index + 1)}
                onClick={() => {
                  setMembers((all) => all.filter((m) => m.key !== member.key));
                  setErrors({});
                }}
              />
            </Group>
            <HouseholdMemberFields
              member={member}
              onChange={(change) => update(member.key, change)}
              error={(field) => fieldError(index, field)}
              context="registration"
            />
          </Stack>
        </Card>
      ))}

      <Group>
        <Button
          variant="light"
          onClick={() => {
            setMembers((all) => [...all, emptyMemberForm()]);
            setErrors({});
          }}
        >
          {wizard.addHouseholdMember}
        </Button>
      </Group>

      {members.length > 0 && (
        <Checkbox
          label={wizard.sameAddress}
          checked={sameAddress}
          onChange={(e) => {
            setSameAddress(e.currentTarget.checked);
            setErrors({});
          }}
          error={errors['sameAddressCertified'] && translate(errors['sameAddressCertified'])}
        />
      )}

      <StepButtons onBack={onBack}>
        <Button onClick={() => void submit()} loading={loading}>
          {wizard.continue}
        </Button>
      </StepButtons>
    </Stack>
  );
}
