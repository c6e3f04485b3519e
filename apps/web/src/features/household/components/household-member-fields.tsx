import { HouseholdPageMessages, RegistrationMessages } from '@jibs/domain';
import { useMessages } from '@jibs/web-data';
import { Checkbox, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { relationshipOptions, type MemberForm } from '../utils/household-form';

/**
 * Where a member is entered: in the registration wizard (several members, a child certified
 * unmarried and not working full time) or added from the profile (one member, a child working
 * full time listed without a fee, a parent covered for the member fee).
 */
export type HouseholdFormContext = 'registration' | 'profile';

/**
 * One household member's fields, as both household forms show them: names, date of birth and
 * relationship, then what the relationship asks to certify. Each message shows under its field.
 */
export function HouseholdMemberFields({
  member,
  onChange,
  error,
  context,
}: {
  member: MemberForm;
  onChange: (change: Partial<MemberForm>) => void;
  /** The message of a field, if refused. */
  error: (field: string) => string | undefined;
  context: HouseholdFormContext;
}) {
  const registration = context === 'registration';
  const { HouseholdPageMessages: text, RegistrationMessages: fields } = useMessages({
    HouseholdPageMessages,
    RegistrationMessages,
  });
  const dateOfBirth = (
    <TextInput
      label={fields.dateOfBirth}
      type="date"
      required
      value={member.dateOfBirth}
      onChange={(e) => onChange({ dateOfBirth: e.currentTarget.value })}
      error={error('dateOfBirth')}
    />
  );
  const relationship = (
    <Select
      label={text.relationship}
      required
      placeholder={text.choose}
      data={relationshipOptions(text)}
      value={member.relationship}
      allowDeselect={false}
      onChange={(value) => onChange({ relationship: value as MemberForm['relationship'] })}
      error={error('relationship')}
    />
  );

  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={fields.firstName}
          required
          value={member.firstName}
          onChange={(e) => onChange({ firstName: e.currentTarget.value })}
          error={error('firstName')}
        />
        <TextInput
          label={fields.lastName}
          required
          value={member.lastName}
          onChange={(e) => onChange({ lastName: e.currentTarget.value })}
          error={error('lastName')}
        />
        {registration ? dateOfBirth : relationship}
        {registration ? relationship : dateOfBirth}
      </SimpleGrid>
      {member.relationship === 'CHILD' &&
        (registration ? (
          <Stack gap="xs">
            <Checkbox
              label={text.childWorksNoFee}
              checked={member.isWorkingFullTime}
              onChange={(e) => onChange({ isWorkingFullTime: e.currentTarget.checked })}
            />
            {!member.isWorkingFullTime && (
              <Checkbox
                label={text.certifyChild}
                checked={member.childCertified}
                onChange={(e) => onChange({ childCertified: e.currentTarget.checked })}
                error={error('childCertified')}
              />
            )}
          </Stack>
        ) : (
          <Checkbox
            label={text.childWorks}
            description={text.childWorksText}
            checked={member.isWorkingFullTime}
            onChange={(e) => onChange({ isWorkingFullTime: e.currentTarget.checked })}
          />
        ))}
      {member.relationship === 'PARENT' &&
        (registration ? (
          <Checkbox
            label={text.certifyParent}
            checked={member.parentCertified}
            onChange={(e) => onChange({ parentCertified: e.currentTarget.checked })}
            error={error('parentCertified')}
          />
        ) : (
          <Checkbox
            label={text.parentDependent}
            description={text.parentDependentText}
            checked={member.parentCertified}
            onChange={(e) => onChange({ parentCertified: e.currentTarget.checked })}
          />
        ))}
    </>
  );
}
