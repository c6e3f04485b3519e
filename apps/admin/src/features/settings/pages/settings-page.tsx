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
  AdminSettingsPageMessages,
  CaseReportMessages,
} from '@jibs/domain';
import { toApiError, translateText, useMessages, useSession } from '@jibs/web-data';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  AdminSettingsDocument,
  SaveSiteSettingsDocument,
  type AdminSiteSettingsFragment,
} from '../../../gql/graphql';
import { PageHeader } from '../../../shared/components/page-header';
import { toForm, validateForm, type ChecklistRow, type SettingsForm } from '../utils/settings-form';

/** /admin/settings (spec: Admin settings). Every setting is saved and applies; see README. */
export function SettingsPage() {
  const { data, loading, error, refetch } = useQuery(AdminSettingsDocument, {
    fetchPolicy: 'cache-and-network',
  });
  const loaded = data?.siteSettings;
  const { AdminMessages: admin, AdminSettingsPageMessages: m } = useMessages({
    AdminMessages,
    AdminSettingsPageMessages,
  });

  return (
    <Container size="lg" px={0}>
      <Stack gap="lg">
        <PageHeader title={m.title} description={m.description} />
        {error && !loaded && (
          <ErrorAlert title={admin.errorTitle} onRetry={() => void refetch()} retrySize="xs">
            {m.loadFailed}
          </ErrorAlert>
        )}
        {loaded ? (
          <SettingsEditor initial={loaded} admins={data.siteAdmins} />
        ) : (
          loading && <SectionLoader label={m.loading} />
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
  const {
    AdminMessages: admin,
    AdminSettingsPageMessages: m,
    AdminLayoutMessages: layout,
  } = useMessages({
    AdminMessages,
    AdminSettingsPageMessages,
    AdminLayoutMessages,
  });
  // Field errors (the form's checks and the server's) in the reader's language.
  const errorOf = (field: string) => (errors[field] ? translateText(errors[field]) : undefined);

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
        title: admin.errorTitle,
        message: m.correctHighlighted(admin.settingsSaveFailed),
      });
      return;
    }
    try {
      const result = await save({ variables: { input: checked.input } });
      if (result.data) setForm(toForm(result.data.updateSiteSettings));
      setErrors({});
      notifications.show({
        color: 'green',
        title: admin.successTitle,
        message: admin.settingsSaved,
      });
    } catch (caught) {
      const failure = toApiError(caught);
      if (failure.code === ErrorCode.BadUserInput) setErrors(failure.fieldErrors);
      notifications.show({
        color: 'red',
        title: admin.errorTitle,
        message: admin.settingsSaveFailed,
      });
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={m.siteSettings}>
      <Stack gap="lg">
        <Section title={m.general}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={m.siteName}
              required
              maxLength={SETTINGS_LIMITS.maxSiteName}
              value={form.siteName}
              error={errorOf('siteName')}
              onChange={(event) => change('siteName', event.currentTarget.value)}
            />
            <TextInput
              label={m.adminEmail}
              description={m.adminEmailHint}
              type="email"
              required
              value={form.adminEmail}
              error={errorOf('adminEmail')}
              onChange={(event) => change('adminEmail', event.currentTarget.value)}
            />
            <MoneyInput
              label={m.registrationFeeUsd}
              value={form.registrationFee}
              error={errorOf('registrationFee')}
              onChange={(value) => change('registrationFee', value)}
            />
            <MoneyInput
              label={m.monthlyDuesUsd}
              value={form.monthlyDues}
              error={errorOf('monthlyDues')}
              onChange={(value) => change('monthlyDues', value)}
            />
            <MoneyInput
              label={m.memberFeeUsd}
              value={form.memberFee}
              error={errorOf('memberFee')}
              onChange={(value) => change('memberFee', value)}
            />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {m.amountsHint}
          </Text>
        </Section>

        <Section title={translateText(CaseReportMessages.assistanceSection)}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={m.waitingPeriodDays}
              description={m.waitingPeriodHint}
              type="number"
              inputMode="numeric"
              required
              value={form.waitingPeriodDays}
              error={errorOf('waitingPeriodDays')}
              onChange={(event) => change('waitingPeriodDays', event.currentTarget.value)}
            />
            <TextInput
              label={m.claimWindowDays}
              description={m.claimWindowHint}
              type="number"
              inputMode="numeric"
              required
              value={form.claimWindowDays}
              error={errorOf('claimWindowDays')}
              onChange={(event) => change('claimWindowDays', event.currentTarget.value)}
            />
            <MoneyInput
              label={m.coverageLimitUsd}
              value={form.coverageLimit}
              error={errorOf('coverageLimit')}
              onChange={(value) => change('coverageLimit', value)}
            />
            <MoneyInput
              label={m.approvalThresholdUsd}
              value={form.approvalThreshold}
              error={errorOf('approvalThreshold')}
              onChange={(value) => change('approvalThreshold', value)}
            />
            <TextInput
              label={m.childAgeLimit}
              type="number"
              inputMode="numeric"
              required
              value={form.childAgeLimit}
              error={errorOf('childAgeLimit')}
              onChange={(event) => change('childAgeLimit', event.currentTarget.value)}
            />
            <Checkbox.Group
              label={m.eligibleExpenses}
              required
              value={form.eligibleExpenseCategories}
              error={errorOf('eligibleExpenseCategories')}
              onChange={(value) => change('eligibleExpenseCategories', value)}
            >
              <Stack mt="xs" gap="xs">
                {EXPENSE_CATEGORIES.map((category) => (
                  <Checkbox
                    key={category}
                    value={category}
                    label={translateText(EXPENSE_CATEGORY_LABELS[category])}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          </SimpleGrid>
        </Section>

        <Section title={m.fileUpload}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={m.maxFileSizeMb}
              description={m.fileSizeRange(
                SETTINGS_LIMITS.minFileSizeMb,
                SETTINGS_LIMITS.maxFileSizeMb,
              )}
              type="number"
              inputMode="numeric"
              min={SETTINGS_LIMITS.minFileSizeMb}
              max={SETTINGS_LIMITS.maxFileSizeMb}
              required
              value={form.maxFileSizeMb}
              error={errorOf('maxFileSizeMb')}
              onChange={(event) => change('maxFileSizeMb', event.currentTarget.value)}
            />
            <Checkbox.Group
              label={m.allowedFileTypes}
              description={m.allowedFileTypesHint}
              required
              value={form.allowedFileTypes}
              error={errorOf('allowedFileTypes')}
              onChange={(value) => change('allowedFileTypes', value)}
            >
              <Group mt="xs">
                {SUPPORTED_FILE_TYPES.map((type) => (
                  <Checkbox key={type} value={type} label={<bdi>{type.toUpperCase()}</bdi>} />
                ))}
              </Group>
            </Checkbox.Group>
          </SimpleGrid>
        </Section>

        <Section title={m.notifications}>
          <Switch
            label={m.emailNotifications}
            description={m.emailNotificationsHint}
            checked={form.emailNotifications}
            onChange={(event) => change('emailNotifications', event.currentTarget.checked)}
          />
          <Switch
            label={m.smsNotifications}
            description={m.smsNotificationsHint}
            checked={form.smsNotifications}
            onChange={(event) => change('smsNotifications', event.currentTarget.checked)}
          />
        </Section>

        <Section title={m.securityAndSystem}>
          <Switch
            label={m.autoApproval}
            description={m.autoApprovalHint}
            checked={form.autoApproval}
            onChange={(event) => change('autoApproval', event.currentTarget.checked)}
          />
          <Switch
            label={m.maintenanceMode}
            description={m.maintenanceModeHint}
            checked={form.maintenanceMode}
            onChange={(event) => change('maintenanceMode', event.currentTarget.checked)}
          />
          {form.maintenanceMode && (
            <Alert color="yellow" variant="light" title={m.maintenanceMode}>
              {m.maintenanceOn}
            </Alert>
          )}
        </Section>

        <Section title={layout.janazahNotices}>
          <Switch
            label={m.familiesMayPublish}
            description={m.familiesMayPublishHint}
            checked={form.membersMayPublishJanazah}
            onChange={(event) => change('membersMayPublishJanazah', event.currentTarget.checked)}
          />
        </Section>

        <Section title={m.caseChecklist}>
          <CaseChecklistEditor
            rows={form.caseChecklist}
            error={errorOf('caseChecklist')}
            documentTypeLabel={translateText}
            onChange={(rows) => change('caseChecklist', rows)}
          />
        </Section>

        <AdminUsers admins={admins} />

        <Group>
          <Button type="submit" size="md" loading={saving}>
            {m.saveAll}
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
  const { AdminSettingsPageMessages: m } = useMessages({ AdminSettingsPageMessages });
  const [before, after = ''] = m.newAdmins('\u0000').split('\u0000');
  return (
    <Section title={m.adminUsers}>
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {admins.map((admin) => (
          <Group key={admin.id} component="li" gap="sm" wrap="wrap">
            <Text fw={600}>
              <bdi>{admin.email}</bdi>
            </Text>
            <Text c="dimmed">
              <bdi>{admin.fullName}</bdi>
            </Text>
            <Badge color="grape" variant="light">
              {m.superAdmin}
            </Badge>
            {admin.id === session.user?.id && (
              <Badge color="gray" variant="outline">
                {m.you}
              </Badge>
            )}
          </Group>
        ))}
      </Stack>
      <Text size="sm">
        {before}
        <Anchor component={Link} to="/users">
          {m.usersPage}
        </Anchor>
        {after}
      </Text>
    </Section>
  );
}

/**
 * The items every case's checklist shows on the family's case page. An item with a document
 * type ticks itself once the member has an approved document of that type.
 */
function CaseChecklistEditor({
  rows,
  error,
  documentTypeLabel,
  onChange,
}: {
  rows: ChecklistRow[];
  error?: string;
  documentTypeLabel: (type: string) => string;
  onChange: (rows: ChecklistRow[]) => void;
}) {
  const { AdminSettingsPageMessages: m } = useMessages({ AdminSettingsPageMessages });
  const ownerLabels: Record<string, string> = {
    family: m.ownerFamily,
    admin: m.ownerAdmins,
  };
  const update = (index: number, patch: Partial<ChecklistRow>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {m.checklistHint}
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
              label={m.itemLabel(index + 1)}
              required
              maxLength={CHECKLIST_LIMITS.maxLabel}
              value={row.label}
              onChange={(event) => update(index, { label: event.currentTarget.value })}
            />
            <TextInput
              label={m.itemKey(index + 1)}
              required
              maxLength={CHECKLIST_LIMITS.maxKey}
              value={row.key}
              onChange={(event) => update(index, { key: event.currentTarget.value })}
            />
            <Select
              label={m.itemTickedBy(index + 1)}
              data={CHECKLIST_OWNERS.map((owner) => ({
                value: owner,
                label: ownerLabels[owner]!,
              }))}
              value={row.owner}
              allowDeselect={false}
              onChange={(value) => update(index, { owner: value ?? 'family' })}
            />
            <Select
              label={m.itemDocumentType(index + 1)}
              data={[
                { value: '', label: m.none },
                ...DOCUMENT_TYPES.map((type) => ({ value: type, label: documentTypeLabel(type) })),
              ]}
              value={row.documentType}
              allowDeselect={false}
              onChange={(value) => update(index, { documentType: value ?? '' })}
            />
            <Button
              variant="subtle"
              color="red"
              aria-label={m.removeItem(index + 1)}
              onClick={() => onChange(rows.filter((_row, at) => at !== index))}
            >
              {m.remove}
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
            {m.addChecklistItem}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
