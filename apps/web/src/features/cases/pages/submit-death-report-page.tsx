import {
  Button,
  Card,
  Container,
  FileInput,
  Group,
  List,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  DeathReportMessages,
  DocumentMessages,
  RELATIONSHIPS_TO_DECEASED,
  checkDeclaredFile,
  type DocumentType,
  DashboardMessages,
  RegistrationMessages,
  DOCUMENT_TYPES,
  DocumentPageMessages,
  MemorialPageMessages,
  CaseReportMessages,
} from '@jibs/domain';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toApiError, useMessages, useText } from '@jibs/web-data';
import { useCaseValue, useFocusFirstInvalid, useDocumentTitle } from '@jibs/web-ui';
import {
  SubmitDeathReportDocument,
  MyDeathReportCountsDocument,
  MyDeathReportsDocument,
  MyHouseholdDocument,
} from '../../../gql/graphql';
import { PageBreadcrumbs } from '../../../shared/components/page-breadcrumbs';
import { fileId } from '../../documents/utils/upload-queue';
import { allowedTypesText, dropzoneAccept } from '../../documents/utils/upload-rules';
import { useDocumentUploads } from '../../documents/hooks/use-document-uploads';
import {
  checkDeathReport,
  clearFieldError,
  emptyDeathReport,
  localToday,
  submitFailure,
  type DeathReportField,
  type DeathReportValues,
  type FieldMessages,
} from '../utils/death-report-form';
import { useMutation, useQuery } from '@apollo/client/react';

const DEATH_CERTIFICATE: DocumentType = DOCUMENT_TYPES[0];
const SOMEONE_ELSE = 'SOMEONE_ELSE';
const ACCOUNT_HOLDER = 'ACCOUNT_HOLDER';

/** The form's choice as the API takes it: a household member is chosen by their id. */
function deceasedOf(choice: string) {
  if (choice === SOMEONE_ELSE || choice === ACCOUNT_HOLDER)
    return { deceasedKind: choice, deceasedHouseholdMemberId: null } as const;
  return { deceasedKind: 'HOUSEHOLD_MEMBER', deceasedHouseholdMemberId: choice } as const;
}

/** /submit-death: a member reports a death to request burial assistance (spec 2 and 5). */
export function SubmitDeathReportPage() {
  const {
    CaseReportMessages: text,
    DashboardMessages: dashboard,
    DeathReportMessages: report,
    DocumentMessages: documents,
    DocumentPageMessages: documentPage,
    MemorialPageMessages: memorial,
    RegistrationMessages: registration,
  } = useMessages({
    CaseReportMessages,
    DashboardMessages,
    DeathReportMessages,
    DocumentMessages,
    DocumentPageMessages,
    MemorialPageMessages,
    RegistrationMessages,
  });
  // Validation and server messages arrive in English; the reader sees them in their language.
  const translate = useText();
  const value = useCaseValue();
  const title = dashboard.submitDeathReport;
  useDocumentTitle(title);
  const navigate = useNavigate();
  const [values, setValues] = useState<DeathReportValues>(emptyDeathReport);
  const [errors, setErrors] = useState<FieldMessages>({});
  // Who died (optional): someone else unless the member picks themselves or a household member.
  const [whoDied, setWhoDied] = useState<string>(SOMEONE_ELSE);
  const [whoDiedError, setWhoDiedError] = useState<string | undefined>();
  const household = useQuery(MyHouseholdDocument);
  // An optional death certificate, uploaded to documents once the report exists.
  const [certificate, setCertificate] = useState<File | null>(null);
  const [certificateError, setCertificateError] = useState<string | undefined>();
  const [attaching, setAttaching] = useState(false);
  const uploads = useDocumentUploads();
  const { ref: formRef, focusFirstInvalid } = useFocusFirstInvalid<HTMLFormElement>();
  const [submitReport, { loading }] = useMutation(SubmitDeathReportDocument, {
    refetchQueries: [MyDeathReportsDocument, MyDeathReportCountsDocument],
  });
  // The date picker stops at the member's own today; the check below says so in words too.
  const today = localToday();

  const fieldError = (message: string | undefined) => message && translate(message);

  const edit = (field: DeathReportField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => clearFieldError(current, field));
  };

  const refuse = (fieldErrors: FieldMessages, fileError?: string) => {
    setErrors(fieldErrors);
    setCertificateError(fileError);
    notifications.show({
      color: 'red',
      title: report.formErrorTitle,
      message: report.formErrorMessage,
    });
    focusFirstInvalid();
  };

  const submit = async () => {
    const check = checkDeathReport(values, localToday());
    const file = certificate ? checkDeclaredFile(certificate, uploads.rules) : null;
    const fileError = file && !file.ok ? file.message : undefined;
    if (!check.ok || fileError) {
      refuse(check.ok ? {} : check.fieldErrors, fileError);
      return;
    }
    let reportId: string;
    try {
      const { data } = await submitReport({
        variables: { input: { ...check.report, ...deceasedOf(whoDied) } },
      });
      if (!data) throw new Error('The report was not accepted');
      reportId = data.submitDeathReport.id;
    } catch (error) {
      const apiError = toApiError(error);
      const whoDiedRefusal = apiError.fieldErrors['deceasedHouseholdMemberId'];
      if (whoDiedRefusal) {
        setWhoDiedError(whoDiedRefusal);
        refuse({});
        return;
      }
      const failure = submitFailure(apiError);
      if (failure.kind === 'fields') {
        refuse(failure.fieldErrors);
        return;
      }
      notifications.show({
        color: 'red',
        title: translate(failure.title),
        message: translate(failure.message),
      });
      if (failure.kind === 'sign-in') void navigate('/login');
      return;
    }
    notifications.show({
      color: 'green',
      title: report.submittedTitle,
      message: report.submittedMessage,
    });
    if (certificate) await attachCertificate(certificate, reportId);
    void navigate('/my-reports');
  };

  /** The report is in: its certificate follows; a failure leaves the report as it is. */
  const attachCertificate = async (file: File, deathReportId: string) => {
    setAttaching(true);
    const item = { id: fileId(file), file, status: 'ready' as const, progress: 0 };
    const outcome = await uploads.upload(
      [item],
      { documentType: DEATH_CERTIFICATE, deathReportId },
      () => undefined,
    );
    setAttaching(false);
    if (outcome.uploaded > 0) {
      notifications.show({
        color: 'green',
        title: documents.uploadedTitle,
        message: documents.uploaded(outcome.uploaded),
      });
    } else {
      notifications.show({
        color: 'red',
        title: documentPage.uploadFailed,
        message:
          `${outcome.failure ? translate(outcome.failure) : ''} ${text.certificateLater}`.trim(),
        autoClose: false,
      });
    }
  };

  return (
    <Container size={960} px="md" py={{ base: 24, sm: 40 }}>
      <Stack gap="lg">
        <PageBreadcrumbs current={title} />
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={1}>{title}</Title>
          <Group gap="sm">
            <Button component={Link} to="/dashboard" variant="default">
              {text.back}
            </Button>
            <Button component={Link} to="/contact" variant="light">
              {text.needHelp}
            </Button>
          </Group>
        </Group>
        <Text c="gray.7">{text.intro}</Text>

        <Card withBorder radius="lg" padding="xl" component="section" aria-labelledby="report">
          {/* noValidate: the spec's messages under the fields, never the browser's bubbles. */}
          <form
            ref={formRef}
            noValidate
            aria-labelledby="report"
            onSubmit={(event) => (event.preventDefault(), void submit())}
          >
            <Stack gap="md">
              <Title order={2} size="h3" id="report">
                {text.detailsTitle}
              </Title>
              <Text size="sm" c="gray.7">
                {registration.allRequired}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput
                  label={text.deceasedName}
                  autoComplete="off"
                  required
                  value={values.deceasedName}
                  onChange={(event) => edit('deceasedName', event.currentTarget.value)}
                  error={fieldError(errors.deceasedName)}
                />
                <TextInput
                  label={memorial.dateOfDeath}
                  type="date"
                  max={today}
                  required
                  value={values.dateOfDeath}
                  onChange={(event) => edit('dateOfDeath', event.currentTarget.value)}
                  error={fieldError(errors.dateOfDeath)}
                />
                <TextInput
                  label={memorial.placeOfDeath}
                  description={text.placeOfDeathHelp}
                  required
                  value={values.placeOfDeath}
                  onChange={(event) => edit('placeOfDeath', event.currentTarget.value)}
                  error={fieldError(errors.placeOfDeath)}
                  styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
                />
                <Select
                  label={text.relationshipToDeceased}
                  placeholder={text.chooseRelationship}
                  data={RELATIONSHIPS_TO_DECEASED.map((relationship) => ({
                    value: relationship,
                    label: value(relationship),
                  }))}
                  allowDeselect={false}
                  required
                  value={values.relationshipToDeceased || null}
                  onChange={(value) => edit('relationshipToDeceased', value ?? '')}
                  error={fieldError(errors.relationshipToDeceased)}
                />
              </SimpleGrid>
              <Select
                label={text.whoDied}
                description={text.whoDiedHelp}
                data={[
                  { value: SOMEONE_ELSE, label: text.someoneElse },
                  { value: ACCOUNT_HOLDER, label: text.accountHolder },
                  ...(household.data?.myHousehold ?? []).map((person) => ({
                    value: person.id,
                    label: text.householdMember(person.fullName),
                  })),
                ]}
                allowDeselect={false}
                value={whoDied}
                onChange={(value) => {
                  setWhoDied(value ?? SOMEONE_ELSE);
                  setWhoDiedError(undefined);
                }}
                error={fieldError(whoDiedError)}
                styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
              />
              <Textarea
                label={text.additionalNotesOptional}
                description={text.notesHelp}
                size="md"
                autosize
                minRows={4}
                maxRows={12}
                value={values.additionalNotes}
                onChange={(event) => edit('additionalNotes', event.currentTarget.value)}
                error={fieldError(errors.additionalNotes)}
                styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
              />
              <FileInput
                label={text.certificateOptional}
                description={text.certificateHelp(allowedTypesText(uploads.rules))}
                placeholder={text.chooseFile}
                accept={Object.entries(dropzoneAccept(uploads.rules))
                  .flatMap(([mime, extensions]) => [mime, ...extensions])
                  .join(',')}
                clearable
                clearButtonProps={{ 'aria-label': text.removeCertificate }}
                value={certificate}
                onChange={(file) => {
                  setCertificate(file);
                  setCertificateError(undefined);
                }}
                error={fieldError(certificateError)}
                // The default placeholder grey reads at 2:1; this one at body-text contrast.
                styles={{
                  description: { color: 'var(--mantine-color-gray-7)' },
                  placeholder: { color: 'var(--mantine-color-gray-7)' },
                }}
              />
              <Group>
                <Button type="submit" loading={loading || attaching}>
                  {dashboard.submitDeathReport}
                </Button>
              </Group>
            </Stack>
          </form>
        </Card>

        <Card
          withBorder
          radius="lg"
          padding="xl"
          bg="jibs.0"
          component="section"
          aria-labelledby="next"
        >
          <Stack gap="sm">
            <Title order={2} size="h4" id="next">
              {text.nextTitle}
            </Title>
            <List spacing="xs" size="md">
              <List.Item>{text.nextReview}</List.Item>
              <List.Item>{text.nextContact}</List.Item>
              <List.Item>{text.nextDocuments}</List.Item>
              <List.Item>{text.nextGuide}</List.Item>
            </List>
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
