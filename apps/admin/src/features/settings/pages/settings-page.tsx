import { AccountTestingMessages } from '@jibs/domain';
import { ErrorAlert, SectionLoader } from '@jibs/web-ui';
import { useMutation, useQuery } from '@apollo/client/react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Container,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  CHECKLIST_LIMITS,
  CHECKLIST_OWNERS,
  DOCUMENT_TYPES,
  ErrorCode,
  EXPENSE_CATEGORIES,
  EXPENSE_CATEGORY_LABELS,
  SETTINGS_LIMITS,
  SUPPORTED_FILE_TYPES,
  type FieldErrors,
  AdminMessages,
  AdminLayoutMessages,
  CaseReportMessages,
} from '@jibs/domain';
import { toApiError, useSession } from '@jibs/web-data';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  AdminSettingsDocument,
  SaveSiteSettingsDocument,
  type AdminSiteSettingsFragment,
} from '../../../gql/graphql';
import { PageHeader } from '../../../shared/components/page-header';
import { toForm, validateForm, type ChecklistRow, type SettingsForm } from '../utils/settings-form';

const SAVED = AdminMessages.settingsSaved;
const SAVE_FAILED = AdminMessages.settingsSaveFailed;

/** /admin/settings (spec: Admin settings). Every setting is saved and applies; see README. */
export function SettingsPage() {
  const { data, loading, error, refetch } = useQuery(AdminSettingsDocument, {
    fetchPolicy: 'cache-and-network',
  });
  const loaded = data?.siteSettings;

  return (
    <Container size="lg" px={0}>
      <Stack gap="lg">
        <PageHeader
          title="Settings"
          description="Site-wide settings. Saved settings apply to every service within seconds."
        />
        {error && !loaded && (
          <ErrorAlert
            title={AdminMessages.errorTitle}
            onRetry={() => void refetch()}
            retrySize="xs"
          >
            The settings could not be loaded.
          </ErrorAlert>
        )}
        {loaded ? (
          <SettingsEditor initial={loaded} admins={data.siteAdmins} />
        ) : (
          loading && <SectionLoader label="Loading settings" />
        )}
      </Stack>
    </Container>
  );
}

function SettingsEditor({
  initial,
  admins,
}: {
  initial: AdminSiteSettingsFragment;
  admins: readonly { id: string; email: string; fullName: string }[];
}) {
  const [save, { loading: saving }] = useMutation(SaveSiteSettingsDocument);
  const [form, setForm] = useState<SettingsForm>(() => toForm(initial));
  const [errors, setErrors] = useState<FieldErrors>({});

  const change = <K extends keyof SettingsForm>(field: K, value: SettingsForm[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateForm(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      notifications.show({
        color: 'red',
        title: AdminMessages.errorTitle,
        message: `${SAVE_FAILED}: please correct the highlighted fields`,
      });
      return;
    }
    try {
      const result = await save({ variables: { input: checked.input } });
      if (result.data) setForm(toForm(result.data.updateSiteSettings));
      setErrors({});
      notifications.show({ color: 'green', title: AdminMessages.successTitle, message: SAVED });
    } catch (caught) {
      const failure = toApiError(caught);
      if (failure.code === ErrorCode.BadUserInput) setErrors(failure.fieldErrors);
      notifications.show({ color: 'red', title: AdminMessages.errorTitle, message: SAVE_FAILED });
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Site settings">
      <Stack gap="lg">
        <Section title="General">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Site name"
              required
              maxLength={SETTINGS_LIMITS.maxSiteName}
              value={form.siteName}
              error={errors['siteName']}
              onChange={(event) => change('siteName', event.currentTarget.value)}
            />
            <TextInput
              label="Admin email"
              description="Contact messages and review alerts go here"
              type="email"
              required
              value={form.adminEmail}
              error={errors['adminEmail']}
              onChange={(event) => change('adminEmail', event.currentTarget.value)}
            />
            <MoneyInput
              label="Base registration fee (USD)"
              value={form.registrationFee}
              error={errors['registrationFee']}
              onChange={(value) => change('registrationFee', value)}
            />
            <MoneyInput
              label="Monthly dues (USD)"
              value={form.monthlyDues}
              error={errors['monthlyDues']}
              onChange={(value) => change('monthlyDues', value)}
            />
            <MoneyInput
              label="Fee per added household member (USD)"
              value={form.memberFee}
              error={errors['memberFee']}
              onChange={(value) => change('memberFee', value)}
            />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            Amounts from $0.01 to $10,000.00. New fees apply to checkouts started after saving;
            running subscriptions keep their amount.
          </Text>
        </Section>

        <Section title={CaseReportMessages.assistanceSection}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Waiting period (days)"
              description="From the first payment, or from when a person joined the household"
              type="number"
              inputMode="numeric"
              required
              value={form.waitingPeriodDays}
              error={errors['waitingPeriodDays']}
              onChange={(event) => change('waitingPeriodDays', event.currentTarget.value)}
            />
            <TextInput
              label="Claim window (days)"
              description="Days after the date of death within which a death must be reported"
              type="number"
              inputMode="numeric"
              required
              value={form.claimWindowDays}
              error={errors['claimWindowDays']}
              onChange={(event) => change('claimWindowDays', event.currentTarget.value)}
            />
            <MoneyInput
              label="Coverage limit per death (USD)"
              value={form.coverageLimit}
              error={errors['coverageLimit']}
              onChange={(value) => change('coverageLimit', value)}
            />
            <MoneyInput
              label="Two-person approval above (USD)"
              value={form.approvalThreshold}
              error={errors['approvalThreshold']}
              onChange={(value) => change('approvalThreshold', value)}
            />
            <TextInput
              label="Children covered under the age of"
              type="number"
              inputMode="numeric"
              required
              value={form.childAgeLimit}
              error={errors['childAgeLimit']}
              onChange={(event) => change('childAgeLimit', event.currentTarget.value)}
            />
            <Checkbox.Group
              label="Eligible expenses"
              required
              value={form.eligibleExpenseCategories}
              error={errors['eligibleExpenseCategories']}
              onChange={(value) => change('eligibleExpenseCategories', value)}
            >
              <Stack mt="xs" gap="xs">
                {EXPENSE_CATEGORIES.map((category) => (
                  <Checkbox
                    key={category}
                    value={category}
                    label={EXPENSE_CATEGORY_LABELS[category]}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          </SimpleGrid>
        </Section>

        <Section title="File Upload">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Max file size (MB)"
              description={`${SETTINGS_LIMITS.minFileSizeMb} to ${SETTINGS_LIMITS.maxFileSizeMb} MB per file`}
              type="number"
              inputMode="numeric"
              min={SETTINGS_LIMITS.minFileSizeMb}
              max={SETTINGS_LIMITS.maxFileSizeMb}
              required
              value={form.maxFileSizeMb}
              error={errors['maxFileSizeMb']}
              onChange={(event) => change('maxFileSizeMb', event.currentTarget.value)}
            />
            <Checkbox.Group
              label="Allowed file types"
              description="The service checks each file's content, not only its name"
              required
              value={form.allowedFileTypes}
              error={errors['allowedFileTypes']}
              onChange={(value) => change('allowedFileTypes', value)}
            >
              <Group mt="xs">
                {SUPPORTED_FILE_TYPES.map((type) => (
                  <Checkbox key={type} value={type} label={type.toUpperCase()} />
                ))}
              </Group>
            </Checkbox.Group>
          </SimpleGrid>
        </Section>

        <Section title="Notifications">
          <Switch
            label="Email notifications"
            description="Emails to members (review outcomes, receipts) and review alerts to the admin email. In-app notifications are always on."
            checked={form.emailNotifications}
            onChange={(event) => change('emailNotifications', event.currentTarget.checked)}
          />
          <Switch
            label="SMS notifications"
            description="Text messages to members. The service sends no notification texts yet; sign-in codes by SMS are not affected."
            checked={form.smsNotifications}
            onChange={(event) => change('smsNotifications', event.currentTarget.checked)}
          />
        </Section>

        <Section title="Security and System">
          <Switch
            label="Auto-approval"
            description="New documents are approved on upload instead of waiting for review"
            checked={form.autoApproval}
            onChange={(event) => change('autoApproval', event.currentTarget.checked)}
          />
          <Switch
            label="Maintenance mode"
            description="Members and visitors see a maintenance notice (within a few seconds); admins keep working"
            checked={form.maintenanceMode}
            onChange={(event) => change('maintenanceMode', event.currentTarget.checked)}
          />
          {form.maintenanceMode && (
            <Alert color="yellow" variant="light" title="Maintenance mode">
              While it is on, only administrators can use the site.
            </Alert>
          )}
        </Section>

        <Section title={AdminLayoutMessages.janazahNotices}>
          <Switch
            label="Families may publish janazah notices"
            description="The member who reported a death may publish, edit and cancel the janazah notice of their approved report. Administrators always may."
            checked={form.membersMayPublishJanazah}
            onChange={(event) => change('membersMayPublishJanazah', event.currentTarget.checked)}
          />
        </Section>

        <Section title="Case Checklist">
          <CaseChecklistEditor
            rows={form.caseChecklist}
            error={errors['caseChecklist']}
            onChange={(rows) => change('caseChecklist', rows)}
          />
        </Section>

        <AdminUsers admins={admins} />

        <Group>
          <Button type="submit" size="md" loading={saving}>
            Save All Settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

function MoneyInput({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextInput
      label={label}
      required
      inputMode="decimal"
      leftSection="$"
      value={value}
      error={error}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

function AdminUsers({
  admins,
}: {
  admins: readonly { id: string; email: string; fullName: string }[];
}) {
  const session = useSession();
  return (
    <Section title="Admin Users">
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {admins.map((admin) => (
          <Group key={admin.id} component="li" gap="sm" wrap="wrap">
            <Text fw={600}>{admin.email}</Text>
            <Text c="dimmed">{admin.fullName}</Text>
            <Badge color="grape" variant="light">
              Super Admin
            </Badge>
            {admin.id === session.user?.id && (
              <Badge color="gray" variant="outline">
                You
              </Badge>
            )}
          </Group>
        ))}
      </Stack>
      <Text size="sm">
        New administrators register like any member; an admin then changes their role to Admin with
        the role dropdown on the{' '}
        <Anchor component={Link} to="/users">
          Users page
        </Anchor>
        . The last administrator cannot be demoted.
      </Text>
    </Section>
  );
}

const OWNER_LABELS: Record<string, string> = {
  family: 'Family (and admins)',
  admin: AccountTestingMessages.adminsOnly,
};

/**
 * The items every case's checklist shows on the family's case page. An item with a document
 * type ticks itself once the member has an approved document of that type.
 */
function CaseChecklistEditor({
  rows,
  error,
  onChange,
}: {
  rows: ChecklistRow[];
  error?: string;
  onChange: (rows: ChecklistRow[]) => void;
}) {
  const update = (index: number, patch: Partial<ChecklistRow>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Admins tick any item; the family ticks the family&apos;s items. An item with a document type
        ticks itself when the member has an approved document of that type.
      </Text>
      {error && (
        <Text c="red.8" size="sm" role="alert">
          {error}
        </Text>
      )}
      <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {rows.map((row, index) => (
          <Group key={index} component="li" align="flex-end" gap="xs" wrap="wrap">
            <TextInput
              label={`Item ${index + 1} label`}
              required
              maxLength={CHECKLIST_LIMITS.maxLabel}
              value={row.label}
              onChange={(event) => update(index, { label: event.currentTarget.value })}
            />
            <TextInput
              label={`Item ${index + 1} key`}
              required
              maxLength={CHECKLIST_LIMITS.maxKey}
              value={row.key}
              onChange={(event) => update(index, { key: event.currentTarget.value })}
            />
            <Select
              label={`Item ${index + 1} ticked by`}
              data={CHECKLIST_OWNERS.map((owner) => ({
                value: owner,
                label: OWNER_LABELS[owner]!,
              }))}
              value={row.owner}
              allowDeselect={false}
              onChange={(value) => update(index, { owner: value ?? 'family' })}
            />
            <Select
              label={`Item ${index + 1} document type`}
              data={[
                { value: '', label: 'None' },
                ...DOCUMENT_TYPES.map((type) => ({ value: type, label: type })),
              ]}
              value={row.documentType}
              allowDeselect={false}
              onChange={(value) => update(index, { documentType: value ?? '' })}
            />
            <Button
              variant="subtle"
              color="red"
              aria-label={`Remove item ${index + 1}`}
              onClick={() => onChange(rows.filter((_row, at) => at !== index))}
            >
              Remove
            </Button>
          </Group>
        ))}
      </Stack>
      {rows.length < CHECKLIST_LIMITS.maxItems && (
        <Group>
          <Button
            variant="light"
            onClick={() =>
              onChange([...rows, { key: '', label: '', owner: 'family', documentType: '' }])
            }
          >
            Add Checklist Item
          </Button>
        </Group>
      )}
    </Stack>
  );
}
