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
import { ErrorCode, HouseholdMessages, validateHousehold } from '@jibs/domain';
import { useRef, useState } from 'react';
import { toApiError } from '@jibs/web-data';
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
  const saved = useQuery(MyHouseholdDocument, { fetchPolicy: 'cache-and-network' });
  if (saved.loading && !saved.data) return <PageLoader label="Loading your household…" />;
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
          ? apiError.message
          : HouseholdMessages.householdSaveFailed,
      );
      requestAnimationFrame(() => alertRef.current?.focus());
    }
  };

  const messages = [...new Set(Object.values(errors))];
  const fieldError = (index: number, field: string) => errors[`members.${index}.${field}`];

  return (
    <Stack gap="lg" ref={fieldsRef}>
      <Text c="gray.8">
        Add your spouse, children and dependent parents who live with you. Each one who is covered
        adds to the one-time registration fee, as the summary shows. If you have no one to add,
        simply continue.
      </Text>
      {loadFailed && (
        <Alert color="yellow" variant="light">
          We could not load the household members you saved before. You can add them again here.
        </Alert>
      )}
      {(messages.length > 0 || saveError) && (
        <Alert
          ref={alertRef}
          tabIndex={-1}
          color="red"
          variant="light"
          role="alert"
          title={saveError ? 'Household not saved' : HouseholdMessages.validationErrorTitle}
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
                Household member {index + 1}
              </Title>
              <CloseButton
                aria-label={`Remove household member ${index + 1}`}
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
          Add household member
        </Button>
      </Group>

      {members.length > 0 && (
        <Checkbox
          label="I certify that all household members live at the same address as me"
          checked={sameAddress}
          onChange={(e) => {
            setSameAddress(e.currentTarget.checked);
            setErrors({});
          }}
          error={errors['sameAddressCertified']}
        />
      )}

      <StepButtons onBack={onBack}>
        <Button onClick={() => void submit()} loading={loading}>
          Continue
        </Button>
      </StepButtons>
    </Stack>
  );
}
